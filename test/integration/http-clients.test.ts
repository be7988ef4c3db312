import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Configuration, EmailControllerApi, InboxControllerApi, MatchOptionFieldEnum, MatchOptionShouldEnum, WaitForControllerApi,
  querystring, type HTTPQuery, type InboxDto,
} from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';

/**
 * What clients written for MailSlurp rely on at the HTTP level: CORS, lenient empty bodies,
 * the apiKey query parameter, MailSlurp's wording of wait time-outs and comma-separated array
 * query parameters. Driven by fetch and the official client, on each database.
 */

const JSON_TYPE = { 'content-type': 'application/json' };
const SHORT = 200;

interface ErrorBody { status: number; message: string; path: string }

async function json<T>(response: Response, status = 200): Promise<T> {
  assert.equal(response.status, status, `HTTP ${response.status}: ${response.status >= 400 ? await response.clone().text() : ''}`);
  return (await response.json()) as T;
}

/** The status and text of a call the official client rejected (it throws the fetch Response). */
async function rejection(promise: Promise<unknown>): Promise<{ status: number; text: string }> {
  try {
    await promise;
  } catch (e) {
    if (!(e instanceof Response)) throw e;
    return { status: e.status, text: await e.text() };
  }
  assert.fail('the call was expected to fail');
}

/** A query string as other MailSlurp SDKs send arrays (collectionFormat csv): tags=qa,smoke. */
const commaQuery = (params: HTTPQuery) =>
  querystring(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v])) as HTTPQuery);

describeEachDialect('HTTP behaviour MailSlurp clients rely on', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let bob: Tenant;

  before(async () => {
    server = await startTestServer(dialect);
    [alice, bob] = await Promise.all([server.createTenant(), server.createTenant()]);
  });
  after(() => server.close());

  describe('CORS (any origin by default)', () => {
    const origin = 'http://app.example.test:3000';

    test('a preflight is answered 204 without a key, allowing the method and the x-api-key header', async () => {
      const response = await fetch(`${server.url}/inboxes/withOptions`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-api-key' },
      });
      assert.equal(response.status, 204);
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
      const methods = response.headers.get('access-control-allow-methods') ?? '';
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) assert.match(methods, new RegExp(`\\b${method}\\b`));
      assert.match(response.headers.get('access-control-allow-headers') ?? '', /x-api-key/);
      assert.equal(response.headers.get('access-control-allow-credentials'), null, 'never with cookies');
      assert.equal(response.headers.get('access-control-max-age'), '600');
    });

    test('answers, errors included, carry Access-Control-Allow-Origin so page scripts can read them', async () => {
      const ok = await alice.fetch('/inboxes', { headers: { origin } });
      assert.equal(ok.status, 200);
      assert.equal(ok.headers.get('access-control-allow-origin'), '*');
      const unauthorized = await server.fetch('/inboxes', { key: null, headers: { origin } });
      assert.equal(unauthorized.status, 401);
      assert.equal(unauthorized.headers.get('access-control-allow-origin'), '*');
      const health = await fetch(`${server.url}/health`, { headers: { origin } });
      assert.equal(health.status, 200);
      assert.equal(health.headers.get('access-control-allow-origin'), '*');
      const notFound = await alice.fetch('/no/such/route', { headers: { origin } });
      assert.equal(notFound.status, 404);
      assert.equal(notFound.headers.get('access-control-allow-origin'), '*');
    });
  });

  describe('CORS with PIGEONHOLE_CORS_ORIGINS', () => {
    let listed: TestServer;
    before(async () => {
      listed = await startTestServer(dialect, { env: { PIGEONHOLE_CORS_ORIGINS: 'http://allowed.example.test:8080, https://app.example.test' } });
    });
    after(() => listed.close());

    test('a listed origin is echoed back (with Vary: Origin); any other gets no CORS headers', async () => {
      const preflight = (origin: string) => fetch(`${listed.url}/inboxes`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
      });
      for (const origin of ['http://allowed.example.test:8080', 'https://app.example.test']) {
        const answer = await preflight(origin);
        assert.equal(answer.status, 204);
        assert.equal(answer.headers.get('access-control-allow-origin'), origin);
        assert.match(answer.headers.get('vary') ?? '', /Origin/);
        const call = await listed.fetch('/inboxes', { headers: { origin } });
        assert.equal(call.status, 200);
        assert.equal(call.headers.get('access-control-allow-origin'), origin);
      }
      const stranger = await preflight('http://elsewhere.example.test');
      assert.equal(stranger.headers.get('access-control-allow-origin'), null);
      const call = await listed.fetch('/inboxes', { headers: { origin: 'http://elsewhere.example.test' } });
      assert.equal(call.status, 200, 'the server answers; only a browser withholds it from the page');
      assert.equal(call.headers.get('access-control-allow-origin'), null);
    });
  });

  describe('empty JSON bodies are no body', () => {
    test('createInboxWithOptions with an empty JSON body creates an inbox with the defaults', async () => {
      for (const body of [undefined, '', '  \n']) {
        const init: RequestInit = { method: 'POST', headers: JSON_TYPE, ...(body === undefined ? {} : { body }) };
        const created = await json<InboxDto>(await alice.fetch('/inboxes/withOptions', init), 201);
        const inbox = await alice.inboxApi.getInbox({ inboxId: created.id });
        assert.equal(inbox.inboxType, 'HTTP');
        assert.equal(inbox.domain, 'pigeonhole.test');
        assert.deepEqual(inbox.tags, []);
        assert.equal(inbox.expiresAt ?? null, null);
        assert.equal(inbox.favourite, false);
      }
      // no Content-Type at all: the same
      assert.equal((await alice.fetch('/inboxes/withOptions', { method: 'POST' })).status, 201);
    });

    test('other operations whose options are all optional take no body as no options', async () => {
      const inbox = await alice.inboxApi.createInbox({ name: 'kept', tags: ['x'] });
      const updated = await json<InboxDto>(await alice.fetch(`/inboxes/${inbox.id}`, { method: 'PATCH', headers: JSON_TYPE, body: '' }));
      assert.equal(updated.name, 'kept', 'nothing changed');
      assert.deepEqual(updated.tags, ['x']);
      const page = await json<{ content: unknown[] }>(await alice.fetch('/inboxes/search', { method: 'POST', headers: JSON_TYPE, body: '' }));
      assert.ok(page.content.length >= 1);
    });

    test('an operation whose body has required fields answers 400 naming the body and the fields', async () => {
      const inbox = await alice.inboxApi.createInbox({});
      const waitFor = await json<ErrorBody>(await alice.fetch('/waitFor', { method: 'POST', headers: JSON_TYPE, body: '' }), 400);
      assert.equal(waitFor.message, 'request body is required: a JSON object (WaitForConditions) with inboxId, timeout');
      const favourite = await json<ErrorBody>(await alice.fetch(`/inboxes/${inbox.id}/favourite`, { method: 'PUT', headers: JSON_TYPE }), 400);
      assert.match(favourite.message, /request body is required: a JSON object \(SetInboxFavouritedOptions\) with state/);
      // JSON null is a body, and not an object
      const nul = await json<ErrorBody>(await alice.fetch('/inboxes/withOptions', { method: 'POST', headers: JSON_TYPE, body: 'null' }), 400);
      assert.match(nul.message, /request body must be a JSON object/);
    });
  });

  describe('the apiKey query parameter', () => {
    test('authenticates like the x-api-key header, for the caller only', async () => {
      const mine = await alice.inboxApi.createInbox({ name: 'alice-by-query' });
      const theirs = await bob.inboxApi.createInbox({ name: 'bob-by-query' });
      const listed = await json<InboxDto[]>(await fetch(`${server.url}/inboxes?apiKey=${encodeURIComponent(alice.apiKey)}`));
      assert.ok(listed.some((i) => i.id === mine.id));
      assert.ok(!listed.some((i) => i.id === theirs.id), "another user's inbox is not listed");
      assert.equal((await fetch(`${server.url}/inboxes/${theirs.id}?apiKey=${alice.apiKey}`)).status, 404);
      const created = await json<InboxDto>(await fetch(`${server.url}/inboxes?apiKey=${alice.apiKey}&name=via-query`, { method: 'POST' }), 201);
      assert.equal((await alice.inboxApi.getInbox({ inboxId: created.id })).name, 'via-query');
    });

    test('the header wins over the parameter; a wrong parameter is 401; admin routes need an admin key', async () => {
      const theirs = await bob.inboxApi.createInbox({});
      assert.equal((await fetch(`${server.url}/inboxes/${theirs.id}?apiKey=${alice.apiKey}`, { headers: { 'x-api-key': bob.apiKey } })).status, 200);
      const wrong = await json<ErrorBody>(await fetch(`${server.url}/inboxes?apiKey=ph_not_a_key_at_all_0123456789`), 401);
      assert.match(wrong.message, /Invalid or revoked API key/);
      assert.equal((await fetch(`${server.url}/admin/users?apiKey=${alice.apiKey}`)).status, 403);
      assert.equal((await fetch(`${server.url}/admin/users?apiKey=${server.adminKey}`)).status, 200);
    });

    test('the key is not echoed in error bodies', async () => {
      const missing = await json<ErrorBody>(await fetch(`${server.url}/inboxes/${crypto.randomUUID()}?apiKey=${alice.apiKey}`), 404);
      assert.equal(missing.path.includes(alice.apiKey), false);
      const unknown = await json<ErrorBody>(await fetch(`${server.url}/no/such/route?apiKey=${alice.apiKey}`), 404);
      assert.equal(unknown.path, '/no/such/route');
      assert.equal(unknown.message.includes(alice.apiKey), false);
    });
  });

  describe('wait time-outs read like MailSlurp', () => {
    const prefix = (inboxId: string) => `Failed to satisfy email query for inbox ${inboxId}: `;

    test('waitForLatestEmail: the 408 from the example in the official README', async () => {
      const inbox = await alice.mailslurp.createInbox();
      // as in mailslurp-client's README ("Fetch handling exceptions")
      const { status, text } = await rejection(alice.mailslurp.waitController.waitForLatestEmail({ inboxId: inbox.id, timeout: SHORT, unreadOnly: true }));
      assert.equal(status, 408);
      assert.ok(text.includes('Failed to satisfy email query for inbox'));
      const body = JSON.parse(text) as ErrorBody;
      assert.equal(body.message, `${prefix(inbox.id)}No email arrived in inbox ${inbox.id} within ${SHORT} ms`);
    });

    test('every email wait of one inbox says so, followed by what was missing', async () => {
      const inbox = await alice.mailslurp.createInbox();
      const waits = new WaitForControllerApi(new Configuration({ apiKey: alice.apiKey, basePath: server.url }));
      const match = { field: MatchOptionFieldEnum.SUBJECT, should: MatchOptionShouldEnum.CONTAIN, value: 'never' };
      const cases: Array<[string, () => Promise<unknown>, RegExp]> = [
        ['waitForEmailCount', () => waits.waitForEmailCount({ inboxId: inbox.id, count: 2, timeout: SHORT }), /has 0 of the 2 emails waited for within/],
        ['waitForNthEmail', () => waits.waitForNthEmail({ inboxId: inbox.id, index: 3, timeout: SHORT }), /Email number 3 \(zero-based\) did not arrive/],
        ['waitForMatchingEmails', () => waits.waitForMatchingEmails({ inboxId: inbox.id, count: 1, timeout: SHORT, matchOptions: { matches: [match] } }), /has 0 matching emails, not at least 1/],
        ['waitForMatchingFirstEmail', () => waits.waitForMatchingFirstEmail({ inboxId: inbox.id, timeout: SHORT, matchOptions: { matches: [match] } }), /No email matching the options arrived/],
        ['waitFor', () => waits.waitFor({ waitForConditions: { inboxId: inbox.id, count: 1, timeout: SHORT, matches: [match] } }), /has 0 matching emails, not exactly 1/],
        ['getLatestEmailInInbox', () => alice.inboxApi.getLatestEmailInInbox({ inboxId: inbox.id, timeoutMillis: SHORT }), /No email arrived in inbox/],
      ];
      for (const [name, call, details] of cases) {
        const { status, text } = await rejection(call());
        assert.equal(status, 408, name);
        const { message } = JSON.parse(text) as ErrorBody;
        assert.ok(message.startsWith(prefix(inbox.id)), `${name}: ${message}`);
        assert.match(message, details, name);
        assert.match(message, new RegExp(`within ${SHORT} ms$`), name);
      }
    });

    test('a wait over all of the caller\'s inboxes says so too', async () => {
      const waits = new WaitForControllerApi(new Configuration({ apiKey: bob.apiKey, basePath: server.url }));
      const { status, text } = await rejection(waits.waitForLatestEmail({ timeout: SHORT, unreadOnly: true }));
      assert.equal(status, 408);
      assert.equal((JSON.parse(text) as ErrorBody).message,
        `Failed to satisfy email query for inboxes of your account: No email arrived in any of your inboxes within ${SHORT} ms`);
    });
  });

  describe('array query parameters take comma-separated values', () => {
    test('createInbox with tags=qa,smoke has two tags, as with repeated tags', async () => {
      const commas = await json<InboxDto>(await alice.fetch('/inboxes?tags=qa,smoke', { method: 'POST' }), 201);
      assert.deepEqual((await alice.inboxApi.getInbox({ inboxId: commas.id })).tags, ['qa', 'smoke']);
      const repeated = await alice.inboxApi.createInbox({ tags: ['qa', 'smoke'] });
      assert.deepEqual(repeated.tags, ['qa', 'smoke']);
      const mixed = await json<InboxDto>(await alice.fetch('/inboxes?tags=a,%20b&tags=c&tags=', { method: 'POST' }), 201);
      assert.deepEqual(mixed.tags, ['a', 'b', 'c']);
      // the official client with another SDK's array format (csv) gets the same
      const csvApi = new InboxControllerApi(new Configuration({ apiKey: alice.apiKey, basePath: server.url, queryParamsStringify: commaQuery }));
      const csv = await csvApi.createInbox({ tags: ['qa', 'smoke'], name: 'csv' });
      assert.deepEqual(csv.tags, ['qa', 'smoke']);
      // getAllInboxes finds it under either tag
      for (const tag of ['qa', 'smoke']) {
        const page = await alice.inboxApi.getAllInboxes({ tag, size: 100 });
        for (const id of [commas.id, repeated.id, csv.id]) assert.ok(page.content?.some((i) => i.id === id), `${id} tagged ${tag}`);
      }
    });

    test('getInboxes include=a,b restricts to those inboxes, like repeated include', async () => {
      const [one, two, three] = await Promise.all([alice.inboxApi.createInbox({}), alice.inboxApi.createInbox({}), alice.inboxApi.createInbox({})]);
      const ids = (list: InboxDto[]) => list.map((i) => i.id).sort();
      const commas = await json<InboxDto[]>(await alice.fetch(`/inboxes?include=${one.id},${two.id}`));
      assert.deepEqual(ids(commas), [one.id, two.id].sort());
      const repeated = await alice.inboxApi.getInboxes({ include: [one.id, two.id] });
      assert.deepEqual(ids(repeated), [one.id, two.id].sort());
      const csvApi = new InboxControllerApi(new Configuration({ apiKey: alice.apiKey, basePath: server.url, queryParamsStringify: commaQuery }));
      assert.deepEqual(ids(await csvApi.getInboxes({ include: [two.id, three.id] })), [two.id, three.id].sort());
      // another user's ids in the list are simply not found
      const bobs = await bob.inboxApi.createInbox({});
      assert.deepEqual(ids(await json<InboxDto[]>(await alice.fetch(`/inboxes?include=${one.id},${bobs.id}`))), [one.id]);
    });

    test('array parameters of other operations split too, and each value is still validated', async () => {
      const [one, two] = await Promise.all([alice.inboxApi.createInbox({}), alice.inboxApi.createInbox({})]);
      const emails = new EmailControllerApi(new Configuration({ apiKey: alice.apiKey, basePath: server.url, queryParamsStringify: commaQuery }));
      const page = await emails.getEmailsPaginated({ inboxId: [one.id, two.id] });
      assert.equal(page.totalElements, 0);
      const bad = await json<ErrorBody>(await alice.fetch(`/emails?inboxId=${one.id},not-a-uuid`), 400);
      assert.match(bad.message, /query parameter 'inboxId.1' must be a UUID/);
    });
  });
});
