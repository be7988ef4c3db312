/**
 * SCIM 2.0 over real HTTP on both databases: the examples of RFC 7644 (create §3.3, filters
 * §3.4.2.2, list responses and paging §3.4.2.4, PATCH §3.5.2, errors §3.12) and the steps of
 * Okta's published "Okta SCIM 2.0 SPEC Test" suite (the Runscope test Okta asks integrators to
 * pass), re-implemented here as tests; plus who may call each route (organisation ADMIN, member,
 * another organisation's ADMIN, the server admin), ETags, deactivation and deletion.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { Configuration, UserControllerApi } from 'mailslurp-client';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { inspect } from '../helpers/databases.js';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const JSON_HEADERS = { 'content-type': 'application/json' };

type Json = Record<string, any>;
interface ScimResponse {
  status: number;
  body: Json;
  headers: Headers;
}

const hex = () => randomBytes(4).toString('hex');

describeEachDialect('SCIM 2.0', (dialect) => {
  let server: TestServer;
  let slug: string;
  let orgId: string;
  let orgAdmin: Tenant;
  let member: Tenant;
  let otherAdmin: Tenant;

  const admin = async (path: string, method = 'GET', body?: unknown) => {
    const r = await server.fetch(path, { method, ...(body !== undefined ? { headers: JSON_HEADERS, body: JSON.stringify(body) } : {}) });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : undefined };
  };

  /** A SCIM call; `auth` is the whole Authorization value, or `{ apiKey }` for x-api-key; null for none. */
  const scim = async (
    path: string,
    init: { method?: string; body?: unknown; auth?: string | { apiKey: string } | null; headers?: Record<string, string>; org?: string; contentType?: string } = {},
  ): Promise<ScimResponse> => {
    const headers: Record<string, string> = { accept: 'application/scim+json', ...init.headers };
    const auth = init.auth === undefined ? `Bearer ${orgAdmin.apiKey}` : init.auth;
    if (typeof auth === 'string') headers.authorization = auth;
    else if (auth) headers['x-api-key'] = auth.apiKey;
    if (init.body !== undefined) headers['content-type'] = init.contentType ?? 'application/scim+json';
    const r = await fetch(`${server.url}/scim/v2/${init.org ?? slug}${path}`, {
      method: init.method ?? 'GET', headers, ...(init.body !== undefined ? { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) } : {}),
    });
    const text = await r.text();
    return { status: r.status, body: text ? (JSON.parse(text) as Json) : {}, headers: r.headers };
  };

  const makeOrg = async (prefix: string) => {
    const created = await admin('/admin/organizations', 'POST', { slug: `${prefix}-${hex()}`, name: `${prefix} Inc` });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    return created.body as { id: string; slug: string };
  };

  const newUser = (userName: string, extra: Json = {}) => ({ schemas: [USER], userName, ...extra });
  const createUser = async (userName: string, extra: Json = {}) => {
    const r = await scim('/Users', { method: 'POST', body: newUser(userName, extra) });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body;
  };

  before(async () => {
    server = await startTestServer(dialect);
    const org = await makeOrg('acme');
    slug = org.slug;
    orgId = org.id;
    orgAdmin = await server.createTenant();
    member = await server.createTenant();
    otherAdmin = await server.createTenant();
    assert.equal((await admin(`/admin/organizations/${orgId}/members/${orgAdmin.userId}`, 'PUT', { role: 'ADMIN' })).status, 200);
    assert.equal((await admin(`/admin/organizations/${orgId}/members/${member.userId}`, 'PUT', { role: 'MEMBER' })).status, 200);
    const other = await makeOrg('other');
    assert.equal((await admin(`/admin/organizations/${other.id}/members/${otherAdmin.userId}`, 'PUT', { role: 'ADMIN' })).status, 200);
  });
  after(() => server.close());

  // ------------------------------------------------------------------ who may call

  test('every SCIM route: 401 without or with a wrong key, 403 for a member and another organisation\'s admin, 404 for an unknown organisation; the org admin (Bearer or x-api-key) and the server admin get in', async () => {
    const user = await createUser(`authz-${hex()}@example.com`);
    const group = (await scim('/Groups', { method: 'POST', body: { schemas: [GROUP], displayName: `authz-${hex()}` } })).body;
    const routes: Array<{ method: string; path: string; body?: unknown; ok: number }> = [
      { method: 'GET', path: '/Users', ok: 200 },
      { method: 'POST', path: '/Users/.search', body: { schemas: ['urn:ietf:params:scim:api:messages:2.0:SearchRequest'] }, ok: 200 },
      { method: 'GET', path: `/Users/${user.id}`, ok: 200 },
      { method: 'PUT', path: `/Users/${user.id}`, body: newUser(user.userName), ok: 200 },
      { method: 'PATCH', path: `/Users/${user.id}`, body: { schemas: [PATCH], Operations: [{ op: 'replace', path: 'displayName', value: 'A' }] }, ok: 200 },
      { method: 'GET', path: '/Groups', ok: 200 },
      { method: 'POST', path: '/Groups/.search', body: { schemas: ['urn:ietf:params:scim:api:messages:2.0:SearchRequest'] }, ok: 200 },
      { method: 'GET', path: `/Groups/${group.id}`, ok: 200 },
      { method: 'PUT', path: `/Groups/${group.id}`, body: { schemas: [GROUP], displayName: group.displayName }, ok: 200 },
      { method: 'PATCH', path: `/Groups/${group.id}`, body: { schemas: [PATCH], Operations: [{ op: 'replace', path: 'externalId', value: 'x' }] }, ok: 200 },
      { method: 'GET', path: '/ServiceProviderConfig', ok: 200 },
      { method: 'GET', path: '/ResourceTypes', ok: 200 },
      { method: 'GET', path: '/ResourceTypes/User', ok: 200 },
      { method: 'GET', path: '/Schemas', ok: 200 },
      { method: 'GET', path: `/Schemas/${USER}`, ok: 200 },
      { method: 'POST', path: '/Users', body: newUser(`authz-new-${hex()}@example.com`), ok: 201 },
      { method: 'POST', path: '/Groups', body: { schemas: [GROUP], displayName: `authz-new-${hex()}` }, ok: 201 },
      { method: 'DELETE', path: `/Groups/${group.id}`, ok: 204 },
      { method: 'DELETE', path: `/Users/${user.id}`, ok: 204 },
    ];
    for (const route of routes) {
      const label = `${route.method} ${route.path}`;
      const none = await scim(route.path, { method: route.method, body: route.body, auth: null });
      assert.equal(none.status, 401, label);
      assert.deepEqual(none.body.schemas, [ERROR], label);
      assert.equal(none.body.status, '401', label);
      assert.match(none.headers.get('www-authenticate') ?? '', /^Bearer/, label);
      assert.match(none.headers.get('content-type') ?? '', /^application\/scim\+json/, label);
      // (a few wrong keys only: they count against this address in the failed-login throttle)
      if (routes.indexOf(route) < 3) assert.equal((await scim(route.path, { method: route.method, body: route.body, auth: `Bearer ph_wrong_${hex()}` })).status, 401, label);
      const asMember = await scim(route.path, { method: route.method, body: route.body, auth: `Bearer ${member.apiKey}` });
      assert.equal(asMember.status, 403, label);
      assert.deepEqual(asMember.body.schemas, [ERROR], label);
      assert.equal((await scim(route.path, { method: route.method, body: route.body, auth: { apiKey: otherAdmin.apiKey } })).status, 403, label);
      const unknownOrg = await scim(route.path, { method: route.method, body: route.body, auth: `Bearer ${server.adminKey}`, org: `nobody-${hex()}` });
      assert.equal(unknownOrg.status, 404, label);
      assert.deepEqual(unknownOrg.body.schemas, [ERROR], label);
      // the server admin may read every organisation's SCIM (writes are tried by the org admin below)
      if (route.method === 'GET') assert.equal((await scim(route.path, { auth: `Bearer ${server.adminKey}` })).status, route.ok, label);
      const ok = await scim(route.path, { method: route.method, body: route.body, auth: route.method === 'DELETE' ? { apiKey: orgAdmin.apiKey } : `Bearer ${orgAdmin.apiKey}` });
      assert.equal(ok.status, route.ok, `${label}: ${JSON.stringify(ok.body)}`);
    }
  });

  test('a Bearer API key also opens the ordinary API', async () => {
    const r = await fetch(`${server.url}/user/info`, { headers: { authorization: `Bearer ${member.apiKey}` } });
    assert.equal(r.status, 200);
    assert.equal(((await r.json()) as Json).id, member.userId);
  });

  // ------------------------------------------------------------------ RFC 7644 §3.3 create

  test('RFC 7644 §3.3: creating a User answers 201 with Location, ETag and meta; the same userName again is 409 uniqueness', async () => {
    const userName = `bjensen-${hex()}@example.com`;
    const r = await scim('/Users', {
      method: 'POST',
      body: { schemas: [USER], userName, externalId: 'bjensen', name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara' } },
    });
    assert.equal(r.status, 201);
    assert.match(r.headers.get('content-type') ?? '', /^application\/scim\+json/);
    assert.equal(r.headers.get('location'), `${server.url}/scim/v2/${slug}/Users/${r.body.id}`);
    assert.equal(r.headers.get('etag'), 'W/"1"');
    assert.deepEqual(r.body.schemas, [USER]);
    assert.equal(r.body.userName, userName);
    assert.equal(r.body.externalId, 'bjensen');
    assert.equal(r.body.name.familyName, 'Jensen');
    assert.equal(r.body.active, true);
    assert.equal(r.body.meta.resourceType, 'User');
    assert.equal(r.body.meta.location, r.headers.get('location'));
    assert.equal(r.body.meta.version, 'W/"1"');
    assert.ok(!Number.isNaN(Date.parse(r.body.meta.created)));
    // A SCIM user IS a Pigeonhole user: a MEMBER of the organisation, its email the userName.
    const members = await admin(`/admin/organizations/${orgId}/members`);
    const row = (members.body as Json[]).find((m) => m.userId === r.body.id);
    assert.equal(row?.role, 'MEMBER');
    assert.equal(row?.email, userName);

    const again = await scim('/Users', { method: 'POST', body: newUser(userName.toUpperCase()) });
    assert.equal(again.status, 409);
    assert.deepEqual(again.body, { schemas: [ERROR], status: '409', scimType: 'uniqueness', detail: again.body.detail });
    assert.match(again.body.detail, /userName/);
  });

  test('plain application/json bodies are accepted like application/scim+json', async () => {
    const r = await scim('/Users', { method: 'POST', body: newUser(`plain-${hex()}@example.com`), contentType: 'application/json' });
    assert.equal(r.status, 201);
  });

  test('a User needs an email: the primary one, else userName when it is an address (400 invalidValue otherwise)', async () => {
    const withEmail = await createUser(`jdoe-${hex()}`, { emails: [{ value: 'x@other.example', type: 'home' }, { value: `Work-${hex()}@Example.com`, type: 'work', primary: true }] });
    const members = (await admin(`/admin/organizations/${orgId}/members`)).body as Json[];
    assert.equal(members.find((m) => m.userId === withEmail.id)?.email, withEmail.emails[1].value.toLowerCase());
    const bad = await scim('/Users', { method: 'POST', body: newUser(`no-address-${hex()}`) });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.scimType, 'invalidValue');
    const missing = await scim('/Users', { method: 'POST', body: { schemas: [USER] } });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.scimType, 'invalidValue');
    assert.match(missing.body.detail, /userName/);
  });

  // ------------------------------------------------------------------ Okta's SCIM 2.0 SPEC Test

  test("Okta SCIM 2.0 SPEC Test: the suite's steps in order", async () => {
    await createUser(`okta-seed-${hex()}@example.com`, { name: { givenName: 'Seed', familyName: 'User' }, emails: [{ value: `okta-seed-${hex()}@example.com`, primary: true, type: 'work' }] });
    // Test Users endpoint: a ListResponse with one resource and numeric paging fields.
    const first = await scim('/Users?count=1&startIndex=1');
    assert.equal(first.status, 200);
    assert.ok(first.body.schemas.includes(LIST));
    assert.equal(first.body.Resources.length, 1);
    for (const field of ['itemsPerPage', 'startIndex', 'totalResults']) assert.equal(typeof first.body[field], 'number', field);
    const listed = first.body.Resources[0];
    for (const field of ['id', 'userName', 'active']) assert.notEqual(listed[field], undefined, field);
    assert.ok(listed.emails[0].value);
    // Get Users/{{id}}
    const one = await scim(`/Users/${listed.id}`);
    assert.equal(one.status, 200);
    assert.equal(one.body.id, listed.id);
    assert.equal(one.body.userName, listed.userName);
    // Test invalid User by username; make sure a random user doesn't exist.
    for (const name of ['invalid-user', `random-${randomUUID()}@example.com`]) {
      const none = await scim(`/Users?filter=${encodeURIComponent(`userName eq "${name}"`)}`);
      assert.equal(none.status, 200);
      assert.equal(none.body.totalResults, 0);
      assert.deepEqual(none.body.Resources, []);
    }
    // Create Okta user with realistic values.
    const userName = `okta.${hex()}@atko.example.com`;
    const created = await scim('/Users', {
      method: 'POST',
      body: {
        schemas: [USER], userName, name: { givenName: 'Okta', familyName: 'Tester' },
        emails: [{ primary: true, value: userName, type: 'work' }], displayName: 'Okta Tester', locale: 'en-US', externalId: `00u${hex()}`, groups: [], password: 'secret-1!', active: true,
      },
    });
    assert.equal(created.status, 201);
    assert.equal(created.body.active, true);
    assert.equal(created.body.name.familyName, 'Tester');
    assert.equal(created.body.emails[0].value, userName);
    assert.equal(created.body.password, undefined, 'a password is never returned (or stored)');
    // Verify that user was created.
    const found = await scim(`/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`);
    assert.equal(found.body.totalResults, 1);
    assert.equal(found.body.Resources[0].id, created.body.id);
    // Expect failure when recreating user with same values.
    assert.equal((await scim('/Users', { method: 'POST', body: { schemas: [USER], userName, emails: [{ value: userName, primary: true }] } })).status, 409);
    // Username Case Sensitivity Check.
    const upper = await scim(`/Users?filter=${encodeURIComponent(`userName eq "${userName.toUpperCase()}"`)}`);
    assert.equal(upper.body.totalResults, 1);
    // Optional Test: Verify Groups endpoint.
    const groups = await scim('/Groups?count=1&startIndex=1');
    assert.equal(groups.status, 200);
    assert.ok(groups.body.schemas.includes(LIST));
    // Check status 404 for a nonexistent user.
    const missing = await scim(`/Users/${randomUUID()}`);
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.body.schemas, [ERROR]);
    assert.equal(missing.body.status, '404');
    // Okta deactivates rather than deletes: PATCH active=false, then the user reads inactive.
    const off = await scim(`/Users/${created.body.id}`, { method: 'PATCH', body: { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: false } }] } });
    assert.equal(off.status, 200);
    assert.equal(off.body.active, false);
    const reactivated = await scim(`/Users/${created.body.id}`, { method: 'PUT', body: { ...created.body, active: true } });
    assert.equal(reactivated.status, 200);
    assert.equal(reactivated.body.active, true);
  });

  // ------------------------------------------------------------------ RFC 7644 §3.4.2.2 filters

  test('RFC 7644 §3.4.2.2: the filter examples, on the attributes the RFC uses', async () => {
    const tag = hex();
    const a = await createUser(`bjensen-${tag}@example.com`, {
      name: { familyName: "O'Malley", givenName: 'Barbara' }, title: 'Tour Guide', userType: 'Employee',
      emails: [{ value: `bjensen-${tag}@example.com`, type: 'work', primary: true }],
      ims: [{ value: 'babs@foo.com', type: 'xmpp' }],
      [ENTERPRISE]: { employeeNumber: '701984' }, schemas: [USER, ENTERPRISE],
    });
    const b = await createUser(`jsmith-${tag}@example.org`, {
      name: { familyName: 'Smith', givenName: 'John' }, userType: 'Intern',
      emails: [{ value: `jsmith-${tag}@example.org`, type: 'home', primary: true }],
    });
    const c = await createUser(`Jturner-${tag}@example.net`, { userType: 'Employee', emails: [{ value: `jturner-${tag}@example.net`, type: 'work', primary: true }] });
    const ids = new Set([a.id, b.id, c.id]);
    const run = async (filter: string) => {
      const r = await scim(`/Users?filter=${encodeURIComponent(filter)}`);
      assert.equal(r.status, 200, `${filter}: ${JSON.stringify(r.body)}`);
      return (r.body.Resources as Json[]).filter((u) => ids.has(u.id)).map((u) => u.id).sort();
    };
    const sorted = (...xs: string[]) => xs.sort();
    const cases: Array<[string, string[]]> = [
      [`userName eq "bjensen-${tag}@example.com"`, [a.id]],
      [`userName eq "BJENSEN-${tag}@EXAMPLE.COM"`, [a.id]],
      [`name.familyName co "O'Malley"`, [a.id]],
      [`userName sw "J" and userName ew "${tag}@example.org"`, [b.id]],
      [`userName sw "j" and userName co "${tag}"`, sorted(b.id, c.id)],
      [`title pr and userName co "${tag}"`, [a.id]],
      [`meta.lastModified gt "2011-05-13T04:42:34Z" and userName co "${tag}"`, sorted(a.id, b.id, c.id)],
      [`meta.lastModified ge "2011-05-13T04:42:34Z" and userName co "${tag}"`, sorted(a.id, b.id, c.id)],
      [`meta.lastModified lt "2011-05-13T04:42:34Z"`, []],
      [`meta.created le "2999-01-01T00:00:00Z" and userName co "${tag}"`, sorted(a.id, b.id, c.id)],
      [`title pr and userType eq "Employee"`, [a.id]],
      [`(title pr or userType eq "Intern") and userName co "${tag}"`, sorted(a.id, b.id)],
      [`schemas eq "${ENTERPRISE}"`, [a.id]],
      [`userType eq "Employee" and (emails co "example.com" or emails.value co "example.org") and userName co "${tag}"`, [a.id]],
      [`userType ne "Employee" and not (emails co "example.com" or emails.value co "example.net") and userName co "${tag}"`, [b.id]],
      [`userType eq "Employee" and (emails.type eq "work") and userName co "${tag}"`, sorted(a.id, c.id)],
      [`userType eq "Employee" and emails[type eq "work" and value co "@example.com"]`, [a.id]],
      [`emails[type eq "work" and value co "@example.com"] or ims[type eq "xmpp" and value co "@foo.com"]`, [a.id]],
      [`not (userName co "bjensen") and not (userName co "jsmith") and userName co "${tag}"`, [c.id]],
      [`externalId pr and userName co "${tag}"`, []],
      [`active eq true and userName co "${tag}"`, sorted(a.id, b.id, c.id)],
      [`${ENTERPRISE}:employeeNumber eq "701984"`, [a.id]],
      [`urn:ietf:params:scim:schemas:core:2.0:User:userName sw "bjensen-${tag}"`, [a.id]],
    ];
    for (const [filter, expected] of cases) assert.deepEqual(await run(filter), expected, filter);
    for (const bad of ['userName eqq "x"', 'userName eq', '(userName eq "x"', 'userName eq "x" and', 'emails[type eq "work"', 'active gt true', 'meta.created gt "yesterday"']) {
      const r = await scim(`/Users?filter=${encodeURIComponent(bad)}`);
      assert.equal(r.status, 400, bad);
      assert.deepEqual(r.body.schemas, [ERROR], bad);
      assert.equal(r.body.scimType, 'invalidFilter', bad);
    }
  });

  // ------------------------------------------------------------------ §3.4.2.3/4 sorting, paging, attributes

  test('RFC 7644 §3.4.2.3-4 and §3.4.2.5: sortBy/sortOrder, startIndex/count paging, attributes and excludedAttributes; POST /.search does the same', async () => {
    const tag = hex();
    for (const n of ['carol', 'alice', 'bob']) await createUser(`${n}-${tag}@example.com`, { displayName: n });
    const filter = encodeURIComponent(`userName co "${tag}"`);
    const asc = await scim(`/Users?filter=${filter}&sortBy=userName`);
    assert.deepEqual(asc.body.Resources.map((u: Json) => u.displayName), ['alice', 'bob', 'carol']);
    const desc = await scim(`/Users?filter=${filter}&sortBy=displayName&sortOrder=descending`);
    assert.deepEqual(desc.body.Resources.map((u: Json) => u.displayName), ['carol', 'bob', 'alice']);
    const page = await scim(`/Users?filter=${filter}&sortBy=userName&startIndex=2&count=1`);
    assert.deepEqual({ totalResults: page.body.totalResults, itemsPerPage: page.body.itemsPerPage, startIndex: page.body.startIndex }, { totalResults: 3, itemsPerPage: 1, startIndex: 2 });
    assert.equal(page.body.Resources[0].displayName, 'bob');
    const countZero = await scim(`/Users?filter=${filter}&count=0`);
    assert.equal(countZero.body.totalResults, 3);
    assert.deepEqual(countZero.body.Resources, []);
    const beyond = await scim(`/Users?filter=${filter}&startIndex=10`);
    assert.deepEqual(beyond.body.Resources, []);
    assert.equal((await scim('/Users?count=abc')).status, 400);
    const only = await scim(`/Users?filter=${filter}&attributes=userName`);
    for (const u of only.body.Resources as Json[]) assert.deepEqual(Object.keys(u).sort(), ['id', 'schemas', 'userName']);
    const without = await scim(`/Users?filter=${filter}&excludedAttributes=emails,meta`);
    for (const u of without.body.Resources as Json[]) {
      assert.equal(u.emails, undefined);
      assert.equal(u.meta, undefined);
      assert.ok(u.userName);
    }
    const search = await scim('/Users/.search', {
      method: 'POST',
      body: { schemas: ['urn:ietf:params:scim:api:messages:2.0:SearchRequest'], filter: `userName co "${tag}"`, sortBy: 'userName', startIndex: 1, count: 2, attributes: ['displayName'] },
    });
    assert.equal(search.status, 200);
    assert.equal(search.body.totalResults, 3);
    assert.deepEqual(search.body.Resources.map((u: Json) => u.displayName), ['alice', 'bob']);
  });

  // ------------------------------------------------------------------ §3.5.2 PATCH

  test('RFC 7644 §3.5.2: PATCH add/replace/remove with paths, value filters and no path, on Users', async () => {
    const u = await createUser(`patch-${hex()}@example.com`, { emails: [{ value: `w-${hex()}@example.com`, type: 'work', primary: true }] });
    const patch = (Operations: Json[]) => scim(`/Users/${u.id}`, { method: 'PATCH', body: { schemas: [PATCH], Operations } });
    let r = await patch([{ op: 'add', path: 'emails', value: [{ value: 'home@example.com', type: 'home' }] }]);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.emails.map((e: Json) => e.type), ['work', 'home']);
    const newWork = `new-${hex()}@example.com`;
    r = await patch([{ op: 'replace', path: 'emails[type eq "work"].value', value: newWork }]);
    assert.equal(r.body.emails[0].value, newWork);
    assert.equal(r.body.meta.version, 'W/"3"');
    // The primary email is the user's email.
    const members = (await admin(`/admin/organizations/${orgId}/members`)).body as Json[];
    assert.equal(members.find((m) => m.userId === u.id)?.email, newWork);
    r = await patch([{ op: 'remove', path: 'emails[type eq "home"]' }]);
    assert.deepEqual(r.body.emails.map((e: Json) => e.type), ['work']);
    r = await patch([{ op: 'add', value: { nickName: 'Babs', 'name.givenName': 'Barbara' } }]);
    assert.equal(r.body.nickName, 'Babs');
    assert.equal(r.body.name.givenName, 'Barbara');
    r = await patch([{ op: 'replace', path: 'name.familyName', value: 'Jensen' }, { op: 'remove', path: 'nickName' }]);
    assert.equal(r.body.name.familyName, 'Jensen');
    assert.equal(r.body.nickName, undefined);
    // Microsoft Entra ID sends "Replace" and the string "False".
    r = await patch([{ op: 'Replace', path: 'active', value: 'False' }]);
    assert.equal(r.body.active, false);
    r = await patch([{ op: 'replace', path: 'active', value: true }]);
    assert.equal(r.body.active, true);

    const errors: Array<[Json[], string]> = [
      [[{ op: 'replace', path: 'id', value: 'x' }], 'mutability'],
      [[{ op: 'remove' }], 'noTarget'],
      [[{ op: 'replace', path: 'emails[type eq "fax"].value', value: 'x@example.com' }], 'noTarget'],
      [[{ op: 'replace', path: 'nosuchattribute', value: 'x' }], 'invalidPath'],
      [[{ op: 'replace', path: 'userName', value: 12 }], 'invalidValue'],
      [[{ op: 'move', path: 'userName' }], 'invalidSyntax'],
    ];
    for (const [ops, scimType] of errors) {
      const e = await patch(ops);
      assert.equal(e.status, 400, JSON.stringify(ops));
      assert.equal(e.body.scimType, scimType, `${JSON.stringify(ops)}: ${JSON.stringify(e.body)}`);
    }
    const noSchema = await scim(`/Users/${u.id}`, { method: 'PATCH', body: { Operations: [{ op: 'remove', path: 'nickName' }] } });
    assert.equal(noSchema.body.scimType, 'invalidSyntax');
  });

  test('RFC 7644 §3.5.2: PATCH on Groups: add members, remove one by value filter, replace them all, remove them all', async () => {
    const u1 = await createUser(`g1-${hex()}@example.com`);
    const u2 = await createUser(`g2-${hex()}@example.com`);
    const u3 = await createUser(`g3-${hex()}@example.com`);
    const created = await scim('/Groups', { method: 'POST', body: { schemas: [GROUP], displayName: `Tour Guides ${hex()}`, members: [{ value: u1.id }] } });
    assert.equal(created.status, 201);
    assert.equal(created.headers.get('location'), `${server.url}/scim/v2/${slug}/Groups/${created.body.id}`);
    assert.deepEqual(created.body.members.map((m: Json) => m.value), [u1.id]);
    assert.equal(created.body.members[0].$ref, `${server.url}/scim/v2/${slug}/Users/${u1.id}`);
    const id = created.body.id;
    const patch = (Operations: Json[]) => scim(`/Groups/${id}`, { method: 'PATCH', body: { schemas: [PATCH], Operations } });
    let r = await patch([{ op: 'add', path: 'members', value: [{ display: 'Babs', $ref: `${server.url}/scim/v2/${slug}/Users/${u2.id}`, value: u2.id }, { value: u3.id }] }]);
    assert.deepEqual(r.body.members.map((m: Json) => m.value).sort(), [u1.id, u2.id, u3.id].sort());
    // the user's read-only groups attribute lists the group
    const reader = await scim(`/Users/${u2.id}`);
    assert.deepEqual(reader.body.groups.map((g: Json) => g.value), [id]);
    r = await patch([{ op: 'remove', path: `members[value eq "${u2.id}"]` }]);
    assert.deepEqual(r.body.members.map((m: Json) => m.value).sort(), [u1.id, u3.id].sort());
    r = await patch([{ op: 'replace', path: 'members', value: [{ value: u2.id }] }]);
    assert.deepEqual(r.body.members.map((m: Json) => m.value), [u2.id]);
    r = await patch([{ op: 'remove', path: 'members' }]);
    assert.deepEqual(r.body.members, []);
    // A member that is not a user of this organisation is refused.
    const outsider = await patch([{ op: 'add', path: 'members', value: [{ value: otherAdmin.userId }] }]);
    assert.equal(outsider.status, 400);
    assert.equal(outsider.body.scimType, 'invalidValue');
    const dup = await scim('/Groups', { method: 'POST', body: { schemas: [GROUP], displayName: created.body.displayName.toUpperCase() } });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.scimType, 'uniqueness');
    const filtered = await scim(`/Groups?filter=${encodeURIComponent(`displayName eq "${created.body.displayName}"`)}`);
    assert.deepEqual(filtered.body.Resources.map((g: Json) => g.id), [id]);
  });

  // ------------------------------------------------------------------ versions

  test('meta.version is a weak ETag: ETag header, If-None-Match 304, If-Match 412 when stale', async () => {
    const u = await createUser(`etag-${hex()}@example.com`);
    const got = await scim(`/Users/${u.id}`);
    assert.equal(got.headers.get('etag'), 'W/"1"');
    const notModified = await fetch(`${server.url}/scim/v2/${slug}/Users/${u.id}`, { headers: { authorization: `Bearer ${orgAdmin.apiKey}`, 'if-none-match': 'W/"1"' } });
    assert.equal(notModified.status, 304);
    const put = await scim(`/Users/${u.id}`, { method: 'PUT', body: newUser(u.userName, { displayName: 'v2' }), headers: { 'if-match': 'W/"1"' } });
    assert.equal(put.status, 200);
    assert.equal(put.headers.get('etag'), 'W/"2"');
    const stale = await scim(`/Users/${u.id}`, { method: 'PUT', body: newUser(u.userName, { displayName: 'v3' }), headers: { 'if-match': 'W/"1"' } });
    assert.equal(stale.status, 412);
    assert.deepEqual(stale.body.schemas, [ERROR]);
    assert.equal(stale.body.status, '412');
    assert.equal((await scim(`/Users/${u.id}`, { headers: { 'if-none-match': 'W/"1"' } })).status, 200);
    const g = (await scim('/Groups', { method: 'POST', body: { schemas: [GROUP], displayName: `etag-${hex()}` } })).body;
    assert.equal((await scim(`/Groups/${g.id}`, { method: 'DELETE', headers: { 'if-match': 'W/"7"' } })).status, 412);
    assert.equal((await scim(`/Groups/${g.id}`, { method: 'DELETE', headers: { 'if-match': 'W/"1"' } })).status, 204);
  });

  // ------------------------------------------------------------------ access follows SCIM

  test('active=false refuses the user\'s keys at once, active=true lets them in again; DELETE removes the user, its keys and its inboxes', async () => {
    const u = await createUser(`access-${hex()}@example.com`);
    const issued = await fetch(`${server.url}/organization/members/${u.id}/api-keys`, { method: 'POST', headers: { 'x-api-key': orgAdmin.apiKey } });
    assert.equal(issued.status, 201);
    const key = ((await issued.json()) as Json).apiKey as string;
    const api = new UserControllerApi(new Configuration({ apiKey: key, basePath: server.url }));
    assert.equal((await api.getUserInfo()).id, u.id);
    const inbox = await fetch(`${server.url}/inboxes`, { method: 'POST', headers: { 'x-api-key': key } });
    assert.equal(inbox.status, 201);
    const inboxId = ((await inbox.json()) as Json).id as string;
    // a message of its own (sent to itself: a sent email and a received one, with their bytes)
    const subject = `deleted-with-its-user ${randomUUID()}`;
    const sent = await fetch(`${server.url}/inboxes/${inboxId}/confirm`, {
      method: 'POST', headers: { 'x-api-key': key, ...JSON_HEADERS }, body: JSON.stringify({ to: [((await (await fetch(`${server.url}/inboxes/${inboxId}`, { headers: { 'x-api-key': key } })).json()) as Json).emailAddress], subject, body: subject }),
    });
    assert.equal(sent.status, 201, await sent.clone().text());
    const waited = await fetch(`${server.url}/waitForLatestEmail?inboxId=${inboxId}&timeout=30000`, { headers: { 'x-api-key': key } });
    assert.equal(waited.status, 200);
    const db = inspect(server.db);
    const storedFor = async () => ({
      emails: (await db.selectFrom('emails').select('raw_sha256').where('tenant_id', '=', u.id).execute()).map((r) => r.raw_sha256),
      inboxes: (await db.selectFrom('inboxes').select('id').where('tenant_id', '=', u.id).execute()).length,
    });
    const stored = await storedFor();
    assert.equal(stored.emails.length, 1);
    assert.equal(stored.inboxes, 1);

    const off = await scim(`/Users/${u.id}`, { method: 'PATCH', body: { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] } });
    assert.equal(off.status, 200);
    assert.equal(await statusOf(api.getUserInfo()), 401);
    const on = await scim(`/Users/${u.id}`, { method: 'PATCH', body: { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: true }] } });
    assert.equal(on.status, 200);
    assert.equal(await statusOf(api.getUserInfo()), 200);

    assert.equal((await scim(`/Users/${u.id}`, { method: 'DELETE' })).status, 204);
    assert.equal(await statusOf(api.getUserInfo()), 401);
    assert.equal((await scim(`/Users/${u.id}`)).status, 404);
    assert.equal((await scim(`/Users/${u.id}`, { method: 'DELETE' })).status, 404);
    assert.equal((await admin(`/admin/users/${u.id}`)).status, 404);
    try {
      assert.deepEqual(await storedFor(), { emails: [], inboxes: 0 }, 'its inboxes and mail went with it');
      const blobs = await db.selectFrom('blobs').select('sha256').where('sha256', 'in', stored.emails).execute();
      assert.deepEqual(blobs, [], "its messages' bytes were collected");
    } finally {
      await db.destroy();
    }
  });

  test('a member an admin added appears as a SCIM User (userName = email) and can be taken over by SCIM', async () => {
    const listed = await scim(`/Users?filter=${encodeURIComponent(`userName eq "${member.email}"`)}`);
    assert.equal(listed.body.totalResults, 1);
    const m = listed.body.Resources[0];
    assert.equal(m.id, member.userId);
    assert.equal(m.meta.version, 'W/"0"');
    const put = await scim(`/Users/${m.id}`, { method: 'PUT', body: newUser(member.email, { externalId: 'ext-member', displayName: 'Member' }) });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.equal(put.body.externalId, 'ext-member');
    assert.equal(put.body.meta.version, 'W/"1"');
    // the member keeps its role and its key
    const members = (await admin(`/admin/organizations/${orgId}/members`)).body as Json[];
    assert.equal(members.find((x) => x.userId === member.userId)?.role, 'MEMBER');
    assert.equal((await member.fetch('/user/info')).status, 200);
  });

  // ------------------------------------------------------------------ discovery and errors

  test('ServiceProviderConfig, ResourceTypes and Schemas describe what is supported', async () => {
    const spc = await scim('/ServiceProviderConfig');
    assert.equal(spc.body.patch.supported, true);
    assert.equal(spc.body.filter.supported, true);
    assert.equal(spc.body.etag.supported, true);
    assert.equal(spc.body.bulk.supported, false);
    assert.equal(spc.body.authenticationSchemes[0].type, 'oauthbearertoken');
    const types = await scim('/ResourceTypes');
    assert.deepEqual(types.body.Resources.map((t: Json) => t.id), ['User', 'Group']);
    assert.equal((await scim('/ResourceTypes/Group')).body.endpoint, '/Groups');
    assert.equal((await scim('/ResourceTypes/Nope')).status, 404);
    const schemas = await scim('/Schemas');
    assert.deepEqual(schemas.body.Resources.map((s: Json) => s.id), [USER, GROUP, ENTERPRISE]);
    const userSchema = await scim(`/Schemas/${USER}`);
    assert.ok(userSchema.body.attributes.some((a: Json) => a.name === 'userName' && a.uniqueness === 'server'));
    assert.equal((await scim('/Schemas/urn:nope')).status, 404);
  });

  test('RFC 7644 §3.12: errors are SCIM error bodies (bad JSON 400 invalidSyntax, unknown id 404)', async () => {
    const bad = await scim('/Users', { method: 'POST', body: '{"schemas": [' });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.schemas, [ERROR]);
    assert.equal(bad.body.scimType, 'invalidSyntax');
    const notObject = await scim('/Groups', { method: 'POST', body: '[1,2]' });
    assert.equal(notObject.body.scimType, 'invalidSyntax');
    const missing = await scim(`/Groups/${randomUUID()}`, { method: 'PUT', body: { schemas: [GROUP], displayName: 'x' } });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.status, '404');
  });
});

describeEachDialect('organisation administration', (dialect) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(dialect);
  });
  after(() => server.close());

  const call = async (path: string, method = 'GET', body?: unknown, key?: string) => {
    const r = await server.fetch(path, { method, key, ...(body !== undefined ? { headers: JSON_HEADERS, body: JSON.stringify(body) } : {}) });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : undefined };
  };

  test('the server admin creates, lists, gets and deletes organisations; slugs are checked and unique', async () => {
    const slug = `team-${hex()}`;
    const created = await call('/admin/organizations', 'POST', { slug, name: 'Team' });
    assert.equal(created.status, 201);
    assert.equal(created.body.slug, slug);
    for (const bad of ['A', 'Upper-Case', '-lead', 'trail-', 'x'.repeat(64), 'sp ace', 'under_score']) {
      const r = await call('/admin/organizations', 'POST', { slug: bad });
      assert.equal(r.status, 400, bad);
      assert.match(r.body.message, /slug/, bad);
    }
    assert.equal((await call('/admin/organizations', 'POST', { slug })).status, 409);
    assert.ok((await call('/admin/organizations')).body.some((o: Json) => o.id === created.body.id));
    assert.equal((await call(`/admin/organizations/${created.body.id}`)).body.slug, slug);
    const user = await server.createTenant();
    assert.equal((await call('/admin/organizations', 'GET', undefined, user.apiKey)).status, 403);
    assert.equal((await call(`/admin/organizations/${created.body.id}`, 'DELETE')).status, 204);
    assert.equal((await call(`/admin/organizations/${created.body.id}`)).status, 404);
    assert.equal((await call(`/admin/organizations/${created.body.id}`, 'DELETE')).status, 404);
  });

  test('members: put in with a role, change it, take out; the user stays', async () => {
    const org = (await call('/admin/organizations', 'POST', { slug: `m-${hex()}` })).body;
    const user = await server.createTenant();
    const put = await call(`/admin/organizations/${org.id}/members/${user.userId}`, 'PUT', { role: 'MEMBER' });
    assert.equal(put.status, 200);
    assert.deepEqual({ role: put.body.role, email: put.body.email, active: put.body.active }, { role: 'MEMBER', email: user.email, active: true });
    assert.equal((await call(`/admin/organizations/${org.id}/members/${user.userId}`, 'PUT', { role: 'ADMIN' })).body.role, 'ADMIN');
    assert.equal((await call(`/admin/organizations/${org.id}/members/${user.userId}`, 'PUT', { role: 'OWNER' })).status, 400);
    assert.equal((await call(`/admin/organizations/${org.id}/members/${randomUUID()}`, 'PUT', { role: 'ADMIN' })).status, 404);
    assert.deepEqual((await call(`/admin/organizations/${org.id}/members`)).body.map((m: Json) => m.userId), [user.userId]);
    assert.equal((await call(`/admin/organizations/${org.id}/members/${user.userId}`, 'DELETE')).status, 204);
    assert.equal((await call(`/admin/organizations/${org.id}/members/${user.userId}`, 'DELETE')).status, 404);
    assert.deepEqual((await call(`/admin/organizations/${org.id}/members`)).body, []);
    assert.equal((await user.fetch('/user/info')).status, 200);
  });

  test("an organisation ADMIN issues, lists and revokes its members' keys; a member gets 403, a user outside 404", async () => {
    const org = (await call('/admin/organizations', 'POST', { slug: `k-${hex()}` })).body;
    const orgAdmin = await server.createTenant();
    const member = await server.createTenant();
    const outsider = await server.createTenant();
    await call(`/admin/organizations/${org.id}/members/${orgAdmin.userId}`, 'PUT', { role: 'ADMIN' });
    await call(`/admin/organizations/${org.id}/members/${member.userId}`, 'PUT', { role: 'MEMBER' });

    const issued = await call(`/organization/members/${member.userId}/api-keys`, 'POST', undefined, orgAdmin.apiKey);
    assert.equal(issued.status, 201);
    const api = new UserControllerApi(new Configuration({ apiKey: issued.body.apiKey, basePath: server.url }));
    assert.equal((await api.getUserInfo()).id, member.userId);
    const keys = await call(`/organization/members/${member.userId}/api-keys`, 'GET', undefined, orgAdmin.apiKey);
    assert.ok(keys.body.some((k: Json) => k.id === issued.body.id && k.revokedAt === null));
    const members = await call('/organization/members', 'GET', undefined, orgAdmin.apiKey);
    assert.deepEqual(members.body.map((m: Json) => m.userId).sort(), [orgAdmin.userId, member.userId].sort());

    const denied = await call(`/organization/members/${orgAdmin.userId}/api-keys`, 'POST', undefined, member.apiKey);
    assert.equal(denied.status, 403);
    assert.match(denied.body.message, /ADMIN/);
    assert.equal((await call('/organization/members', 'GET', undefined, outsider.apiKey)).status, 403);
    assert.equal((await call(`/organization/members/${outsider.userId}/api-keys`, 'POST', undefined, orgAdmin.apiKey)).status, 404);
    assert.equal((await call(`/organization/members/${outsider.userId}/api-keys`, 'GET', undefined, orgAdmin.apiKey)).status, 404);

    assert.equal((await call(`/organization/members/${member.userId}/api-keys/${issued.body.id}`, 'DELETE', undefined, orgAdmin.apiKey)).status, 204);
    assert.equal(await statusOf(api.getUserInfo()), 401);
    assert.equal((await call(`/organization/members/${member.userId}/api-keys/${issued.body.id}`, 'DELETE', undefined, orgAdmin.apiKey)).status, 404);
  });
});

describeEachDialect('SCIM and the failed-login throttle', (dialect) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(dialect, { env: { PIGEONHOLE_AUTH_FAILURE_LIMIT: '2', PIGEONHOLE_AUTH_LOCKOUT: '60000' } });
  });
  after(() => server.close());

  test('wrong SCIM bearer keys count with wrong x-api-keys: at the limit the address is locked out everywhere (SCIM 429 with Retry-After)', async () => {
    const slug = `t-${hex()}`;
    assert.equal((await server.fetch('/admin/organizations', { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ slug }) })).status, 201);
    const scimWith = (key: string) => fetch(`${server.url}/scim/v2/${slug}/Users`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal((await scimWith('ph_wrong_1')).status, 401);
    assert.equal((await fetch(`${server.url}/user/info`, { headers: { 'x-api-key': 'ph_wrong_2' } })).status, 401);
    const locked = await scimWith(server.adminKey);
    assert.equal(locked.status, 429);
    assert.ok(Number(locked.headers.get('retry-after')) > 0);
    const body = (await locked.json()) as Json;
    assert.deepEqual([body.schemas, body.status], [[ERROR], '429']);
    assert.equal((await server.fetch('/user/info')).status, 429, 'the ordinary API is locked out for the address too');
  });
});
