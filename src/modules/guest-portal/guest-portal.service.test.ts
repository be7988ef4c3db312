import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeServices, FakeServerSecretRepository, rejectsWith, TEST_DOMAIN } from '../../../test/fakes/index.js';
import { FakeGuestPortalRepository } from '../../../test/fakes/portals.js';
import { GUEST_SESSION_TTL_MS, GuestLockedOut, GuestPortalService, hashPassword, verifyPassword } from './guest-portal.service.js';

const ALICE = 'tenant-alice';
const BOB = 'tenant-bob';

function setup() {
  const fake = fakeServices();
  const portals = new FakeGuestPortalRepository();
  const service = new GuestPortalService(portals, fake.services.inboxes, fake.repos.inboxes, fake.repos.emails, new FakeServerSecretRepository(), fake.clock);
  return { ...fake, portals, service };
}

describe('guest portals', () => {
  test('passwords are scrypt hashes: the right one verifies, others do not', async () => {
    const hash = await hashPassword('correct horse');
    assert.match(hash, /^scrypt\$/);
    assert.ok(!hash.includes('correct horse'));
    assert.equal(await verifyPassword('correct horse', hash), true);
    assert.equal(await verifyPassword('wrong horse', hash), false);
    assert.equal(await verifyPassword('x', 'not-a-hash'), false);
  });

  test("a guest gets its own inbox unless given one or told to skip; a username is unique in its portal; another tenant's portal or inbox is a 404", async () => {
    const { service, services } = setup();
    const portal = await service.createPortal(ALICE, { name: ' Support ' });
    assert.equal(portal.name, 'Support');
    const made = await service.createGuest(ALICE, portal.id, { username: 'carol' });
    assert.ok(made.guest.inboxId && made.password.length >= 20);
    assert.equal((await services.inboxes.get(ALICE, made.guest.inboxId)).emailAddress, made.guest.emailAddress);
    const own = await services.inboxes.create(ALICE, { emailAddress: `own@${TEST_DOMAIN}` });
    assert.equal((await service.createGuest(ALICE, portal.id, { inboxId: own.id })).guest.inboxId, own.id);
    assert.equal((await service.createGuest(ALICE, portal.id, { skipInboxCreation: true })).guest.inboxId, null);
    await rejectsWith(service.createGuest(ALICE, portal.id, { username: 'carol' }), 'CONFLICT');
    await rejectsWith(service.createGuest(BOB, portal.id, { username: 'x' }), 'NOT_FOUND');
    const bobs = await service.createPortal(BOB, {});
    await rejectsWith(service.createGuest(BOB, bobs.id, { inboxId: own.id }), 'NOT_FOUND');
    await rejectsWith(service.getGuest(BOB, made.guest.id), 'NOT_FOUND');
    await rejectsWith(service.getGuest(ALICE, made.guest.id, bobs.id), 'NOT_FOUND');
    const { slice } = await service.pageGuests(ALICE, { search: 'CAR' });
    assert.deepEqual(slice.items.map((g) => g.id), [made.guest.id]);
  });

  test('login gives a session for its portal only, until it expires; wrong credentials and altered tokens are 401s', async () => {
    const { service, clock } = setup();
    const portal = await service.createPortal(ALICE, {});
    const other = await service.createPortal(ALICE, {});
    const { guest, password } = await service.createGuest(ALICE, portal.id, { username: 'dave', password: 'a long password' });
    await rejectsWith(service.login(portal.id, 'dave', 'wrong password'), 'UNAUTHORIZED', /Wrong username or password/);
    await rejectsWith(service.login(portal.id, 'nobody', password), 'UNAUTHORIZED', /Wrong username or password/);
    await rejectsWith(service.login(other.id, 'dave', password), 'UNAUTHORIZED');
    const { token } = await service.login(portal.id, 'dave', password);
    const session = await service.session(portal.id, token);
    assert.equal(session.guest.id, guest.id);
    assert.equal(session.inbox?.id, guest.inboxId);
    await rejectsWith(service.session(other.id, token), 'UNAUTHORIZED', /another portal/);
    await rejectsWith(service.session(portal.id, undefined), 'UNAUTHORIZED', /Not logged in/);
    await rejectsWith(service.session(portal.id, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`), 'UNAUTHORIZED');
    await rejectsWith(service.session(portal.id, 'garbage'), 'UNAUTHORIZED');
    clock.advance(GUEST_SESSION_TTL_MS);
    await rejectsWith(service.session(portal.id, token), 'UNAUTHORIZED', /expired/);
  });

  test('wrong passwords count against the source address; a locked-out address is refused without a check', async () => {
    const { service } = setup();
    const failures = new Map<string, number>();
    service.throttle = {
      lockedFor: (ip) => ((failures.get(ip) ?? 0) >= 2 ? 30_000 : 0),
      failed: (ip) => failures.set(ip, (failures.get(ip) ?? 0) + 1),
    };
    const portal = await service.createPortal(ALICE, {});
    const { password } = await service.createGuest(ALICE, portal.id, { username: 'gus' });
    await rejectsWith(service.login(portal.id, 'gus', 'wrong one', '10.0.0.1'), 'UNAUTHORIZED');
    await rejectsWith(service.login(portal.id, 'nobody', 'wrong one', '10.0.0.1'), 'UNAUTHORIZED');
    await assert.rejects(service.login(portal.id, 'gus', password, '10.0.0.1'), (err: unknown) => err instanceof GuestLockedOut && err.retryAfterSeconds === 30);
    assert.ok((await service.login(portal.id, 'gus', password, '10.0.0.2')).token, 'another address logs in');
    assert.deepEqual([...failures], [['10.0.0.1', 2]], 'a success counts nothing');
  });
});
