import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../core/clock.js';
import type { Principal } from '../../core/principal.js';
import type { Repositories } from '../../storage/ports.js';
import { FakeDirectory } from '../../../test/fakes/scim.js';
import { ScimError } from './scim-errors.js';
import { ScimService, type ScimCaller } from './scim.service.js';

const ORG = { id: 'org-a', slug: 'acme', name: 'Acme', createdAt: new Date(0) };
const OTHER = { id: 'org-b', slug: 'other', name: null, createdAt: new Date(0) };
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';

function setup() {
  const dir = new FakeDirectory();
  dir.orgs.set(ORG.id, ORG);
  dir.orgs.set(OTHER.id, OTHER);
  const principals: Record<string, Principal> = {
    'key-admin': { userId: 'u-admin', tenantId: 'u-admin', email: 'a@x.com', isAdmin: false, apiKeyId: 'k1', organizationId: ORG.id, orgRole: 'ADMIN' },
    'key-member': { userId: 'u-m', tenantId: 'u-m', email: 'm@x.com', isAdmin: false, apiKeyId: 'k2', organizationId: ORG.id, orgRole: 'MEMBER' },
    'key-other': { userId: 'u-o', tenantId: 'u-o', email: 'o@x.com', isAdmin: false, apiKeyId: 'k3', organizationId: OTHER.id, orgRole: 'ADMIN' },
    'key-server': { userId: 'u-s', tenantId: 'u-s', email: 's@x.com', isAdmin: true, apiKeyId: 'k4', organizationId: null, orgRole: null },
  };
  const failures: string[] = [];
  const scim = new ScimService({ scim: dir.scim, organizations: dir.organizations } as unknown as Repositories, { resolve: async (k) => principals[k] }, new ManualClock());
  scim.throttle = { lockedFor: () => 0, failed: (ip) => failures.push(ip ?? '') };
  const caller: ScimCaller = { organization: ORG, base: 'http://h/scim/v2/acme' };
  return { dir, scim, failures, caller };
}

const scimError = (status: number, scimType?: string) => (err: unknown) => {
  assert.ok(err instanceof ScimError, String(err));
  assert.equal(err.status, status, err.message);
  if (scimType) assert.equal(err.scimType, scimType);
  return true;
};

describe('SCIM service', () => {
  test('authorize: Bearer or x-api-key of an ADMIN of the organisation or the server admin; 401, 403 and 404 otherwise; wrong keys counted', async () => {
    const { scim, failures } = setup();
    const as = (headers: Record<string, string>, slug = 'acme') => scim.authorize(headers, '10.0.0.1', slug, 'http://h');
    assert.equal((await as({ authorization: 'Bearer key-admin' })).base, 'http://h/scim/v2/acme');
    assert.equal((await as({ 'x-api-key': 'key-admin' })).organization.id, ORG.id);
    assert.equal((await as({ authorization: 'bearer key-server' }, 'ACME')).organization.id, ORG.id);
    await assert.rejects(as({}), scimError(401));
    assert.deepEqual(failures, [], 'a missing key is not counted');
    await assert.rejects(as({ authorization: 'Bearer nope' }), scimError(401));
    assert.deepEqual(failures, ['10.0.0.1']);
    await assert.rejects(as({ authorization: 'Bearer key-member' }), scimError(403));
    await assert.rejects(as({ authorization: 'Bearer key-other' }), scimError(403));
    await assert.rejects(as({ authorization: 'Bearer key-server' }, 'nobody'), scimError(404));
  });

  test('create: a MEMBER of the organisation whose email is the primary address; userName unique case-insensitively', async () => {
    const { scim, dir, caller } = setup();
    const made = await scim.createUser(caller, { schemas: [USER], userName: 'bjensen', emails: [{ value: 'B@Example.com', primary: true }], displayName: 'Babs' });
    assert.equal(made.status, 201);
    const body = made.body as Record<string, any>;
    assert.equal(made.headers?.location, `http://h/scim/v2/acme/Users/${body.id}`);
    const user = dir.users.get(body.id)!;
    assert.deepEqual([user.email, user.name, user.organizationId, user.orgRole], ['b@example.com', 'Babs', ORG.id, 'MEMBER']);
    await assert.rejects(scim.createUser(caller, { schemas: [USER], userName: 'BJENSEN', emails: [{ value: 'c@example.com' }] }), scimError(409, 'uniqueness'));
    await assert.rejects(scim.createUser(caller, { schemas: [USER], userName: 'no-address' }), scimError(400, 'invalidValue'));
    await assert.rejects(scim.createUser(caller, { schemas: [USER], userName: 'x@example.com', active: 'yes' }), scimError(400, 'invalidValue'));
  });

  test('PATCH active=false deactivates the user; If-Match must match the version; a stale write without If-Match is tried again', async () => {
    const { scim, dir, caller } = setup();
    const id = ((await scim.createUser(caller, { schemas: [USER], userName: 'p@example.com' })).body as { id: string }).id;
    const off = await scim.patchUser(caller, id, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] }, 'W/"1"');
    assert.equal((off.body as { active: boolean }).active, false);
    assert.equal(dir.users.get(id)!.active, false);
    assert.equal(off.headers?.etag, 'W/"2"');
    await assert.rejects(scim.patchUser(caller, id, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: true }] }, 'W/"1"'), scimError(412));
    // another writer moves the version between the read and the write: without If-Match the change is made on the new version
    const update = dir.scim.updateUser.bind(dir.scim);
    let raced = false;
    dir.scim.updateUser = async (o, u, v, w) => {
      if (!raced) {
        raced = true;
        await update(o, u, v, { ...w, active: false, attributes: { nickName: 'other writer' } });
      }
      return update(o, u, v, w);
    };
    const on = await scim.patchUser(caller, id, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: true }] });
    assert.equal((on.body as { active: boolean }).active, true);
    assert.equal(on.headers?.etag, 'W/"4"');
    assert.equal((on.body as { nickName?: string }).nickName, 'other writer', "the other writer's change is kept");
  });

  test('groups: members must be users of the organisation; the users list their groups; names are unique', async () => {
    const { scim, dir, caller } = setup();
    const id = ((await scim.createUser(caller, { schemas: [USER], userName: 'g@example.com' })).body as { id: string }).id;
    dir.addUser({ id: 'outsider', email: 'out@x.com', organizationId: OTHER.id, orgRole: 'ADMIN' });
    const group = await scim.createGroup(caller, { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Eng', members: [{ value: id }] });
    const groupId = (group.body as { id: string }).id;
    const user = (await scim.getUser(caller, id, {})).body as { groups: Array<{ value: string; display: string }> };
    assert.deepEqual(user.groups.map((g) => [g.value, g.display]), [[groupId, 'Eng']]);
    await assert.rejects(scim.patchGroup(caller, groupId, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: 'outsider' }] }] }), scimError(400, 'invalidValue'));
    await assert.rejects(scim.createGroup(caller, { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'eng' }), scimError(409, 'uniqueness'));
    const removed = await scim.patchGroup(caller, groupId, { schemas: [PATCH], Operations: [{ op: 'remove', path: `members[value eq "${id}"]` }] });
    assert.deepEqual((removed.body as { members: unknown[] }).members, []);
    const notModified = await scim.getGroup(caller, groupId, {}, removed.headers!.etag);
    assert.equal(notModified.status, 304);
  });

  test('lists: filter, sort, page and project', async () => {
    const { scim, caller } = setup();
    for (const n of ['c', 'a', 'b']) await scim.createUser(caller, { schemas: [USER], userName: `${n}@example.com`, title: n === 'b' ? 'Boss' : undefined });
    const list = (await scim.listUsers(caller, { sortBy: 'userName', sortOrder: 'descending', startIndex: '2', count: '1', attributes: 'userName' })).body as Record<string, any>;
    assert.deepEqual([list.totalResults, list.startIndex, list.itemsPerPage], [3, 2, 1]);
    assert.deepEqual(list.Resources, [{ schemas: [USER], id: list.Resources[0].id, userName: 'b@example.com' }]);
    const filtered = (await scim.listUsers(caller, { filter: 'title pr' })).body as Record<string, any>;
    assert.deepEqual(filtered.Resources.map((u: { userName: string }) => u.userName), ['b@example.com']);
    await assert.rejects(scim.listUsers(caller, { sortBy: 'userName', sortOrder: 'sideways' }), scimError(400, 'invalidValue'));
  });

  test('DELETE removes the user; the server admin cannot be deleted or deactivated through SCIM', async () => {
    const { scim, dir, caller } = setup();
    const id = ((await scim.createUser(caller, { schemas: [USER], userName: 'd@example.com' })).body as { id: string }).id;
    assert.equal((await scim.deleteUser(caller, id)).status, 204);
    assert.equal(dir.users.has(id), false);
    await assert.rejects(scim.getUser(caller, id, {}), scimError(404));
    dir.addUser({ id: 'root', email: 'root@x.com', isAdmin: true, organizationId: ORG.id, orgRole: 'ADMIN' });
    await assert.rejects(scim.deleteUser(caller, 'root'), scimError(400, 'mutability'));
    await assert.rejects(scim.patchUser(caller, 'root', { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] }), scimError(400, 'mutability'));
  });
});
