import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describeEachDialect } from '../helpers/server.js';
import { freshDatabase, type TestDatabase } from '../helpers/databases.js';
import { hashApiKey } from '../../src/core/ids.js';
import type { Repositories } from '../../src/storage/ports.js';

/** Organisations, memberships and deactivation straight against the store, on both databases. */
describeEachDialect('organisations in storage', (dialect) => {
  let db: TestDatabase;
  let repos: Repositories;
  before(async () => {
    db = await freshDatabase(dialect);
    repos = db.store.repos;
  });
  after(() => db.cleanup());

  async function newUser(): Promise<string> {
    const id = randomUUID();
    await repos.users.create({ id, email: `${id}@org.test`, name: null, isAdmin: false, createdAt: new Date() });
    return id;
  }

  test('a slug names one organisation; members carry their role; deleting it leaves its members alone', async () => {
    const org = { id: randomUUID(), slug: `acme-${dialect}`, name: 'Acme', createdAt: new Date('2026-01-01T00:00:00Z') };
    assert.equal(await repos.organizations.create(org), true);
    assert.equal(await repos.organizations.create({ ...org, id: randomUUID() }), false, 'the slug is taken');
    assert.deepEqual(await repos.organizations.findBySlug(org.slug), org);
    const [admin, member, outsider] = [await newUser(), await newUser(), await newUser()];
    assert.equal(await repos.organizations.setMember(org.id, admin, 'ADMIN'), true);
    assert.equal(await repos.organizations.setMember(org.id, member, 'MEMBER'), true);
    assert.equal(await repos.organizations.setMember(org.id, randomUUID(), 'MEMBER'), false, 'no such user');
    assert.deepEqual((await repos.organizations.members(org.id)).map((u) => [u.id, u.orgRole]).sort(), [[admin, 'ADMIN'], [member, 'MEMBER']].sort());
    assert.deepEqual((await repos.organizations.memberIds(org.id)).sort(), [admin, member].sort());
    assert.equal((await repos.users.findById(outsider))!.organizationId, null);
    assert.equal(await repos.organizations.removeMember(org.id, outsider), false);
    assert.equal(await repos.organizations.removeMember(org.id, member), true);
    assert.deepEqual(await repos.organizations.memberIds(org.id), [admin]);
    assert.equal(await repos.organizations.delete(org.id), true);
    const left = (await repos.users.findById(admin))!;
    assert.deepEqual([left.organizationId, left.orgRole], [null, null]);
  });

  test("a deactivated user's keys are refused at once and work again when it is reactivated", async () => {
    const user = await newUser();
    const key = `k-${randomUUID()}`;
    await repos.apiKeys.create({ id: randomUUID(), tenantId: user, keyPrefix: key.slice(0, 7), createdAt: new Date(), revokedAt: null }, hashApiKey(key));
    assert.equal((await repos.apiKeys.findActiveByHash(hashApiKey(key)))?.user.id, user);
    assert.equal(await repos.organizations.setActive(user, false), true);
    assert.equal(await repos.apiKeys.findActiveByHash(hashApiKey(key)), undefined);
    assert.equal((await repos.users.findById(user))!.active, false);
    await repos.organizations.setActive(user, true);
    assert.equal((await repos.apiKeys.findActiveByHash(hashApiKey(key)))?.user.active, true);
  });
});
