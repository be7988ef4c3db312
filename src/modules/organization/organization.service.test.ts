import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import type { Principal } from '../../core/principal.js';
import type { Repositories } from '../../storage/ports.js';
import { FakeDirectory } from '../../../test/fakes/scim.js';
import { OrganizationService } from './organization.service.js';

const code = (expected: string) => (err: unknown) => err instanceof AppError && err.code === expected;

function setup() {
  const dir = new FakeDirectory();
  const issued: string[] = [];
  const keys = {
    issueKey: async (userId: string) => {
      issued.push(userId);
      return { record: { id: 'k', tenantId: userId, keyPrefix: 'ph_', createdAt: new Date(0), revokedAt: null }, apiKey: 'ph_x' };
    },
    listKeys: async () => [],
    revokeKey: async () => {},
  };
  const orgs = new OrganizationService({ organizations: dir.organizations, users: dir.userRepository } as unknown as Repositories, keys, new ManualClock());
  return { dir, orgs, issued };
}

const principal = (userId: string, organizationId: string | null, orgRole: 'ADMIN' | 'MEMBER' | null): Principal =>
  ({ userId, tenantId: userId, email: `${userId}@x.com`, isAdmin: false, apiKeyId: 'k', organizationId, orgRole });

describe('organisations', () => {
  test('slugs: 2-63 lower-case letters, digits and hyphens, unique', async () => {
    const { orgs } = setup();
    const made = await orgs.create({ slug: 'acme-2', name: ' Acme ' });
    assert.deepEqual([made.slug, made.name], ['acme-2', 'Acme']);
    for (const bad of ['a', 'Acme', '-acme', 'acme-', 'ac me', 'a'.repeat(64)]) await assert.rejects(orgs.create({ slug: bad }), code('BAD_REQUEST'), bad);
    await assert.rejects(orgs.create({ slug: 'acme-2' }), code('CONFLICT'));
  });

  test("an organisation ADMIN manages its members' keys: a MEMBER is 403, a user elsewhere 404, a deactivated member 400", async () => {
    const { orgs, dir, issued } = setup();
    const org = await orgs.create({ slug: 'acme' });
    dir.addUser({ id: 'admin', email: 'admin@x.com' });
    dir.addUser({ id: 'member', email: 'member@x.com' });
    dir.addUser({ id: 'outsider', email: 'out@x.com' });
    await orgs.setMember(org.id, 'admin', 'ADMIN');
    await orgs.setMember(org.id, 'member', 'MEMBER');
    const admin = principal('admin', org.id, 'ADMIN');
    await orgs.issueMemberKey(admin, 'member');
    assert.deepEqual(issued, ['member']);
    await assert.rejects(orgs.issueMemberKey(principal('member', org.id, 'MEMBER'), 'admin'), code('FORBIDDEN'));
    await assert.rejects(orgs.issueMemberKey(principal('outsider', null, null), 'member'), code('FORBIDDEN'));
    await assert.rejects(orgs.issueMemberKey(admin, 'outsider'), code('NOT_FOUND'));
    await assert.rejects(orgs.listMemberKeys(admin, 'nobody'), code('NOT_FOUND'));
    await dir.organizations.setActive('member', false);
    await assert.rejects(orgs.issueMemberKey(admin, 'member'), code('BAD_REQUEST'));
    assert.deepEqual((await orgs.ownMembers(admin)).map((u) => u.id).sort(), ['admin', 'member']);
  });
});
