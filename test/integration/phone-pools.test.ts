import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { CreatePhoneNumberOptionsPhoneCountryEnum as Country, type PhoneNumberDto, type PhonePoolLeaseDto } from 'mailslurp-client';
import { ManualClock } from '../../src/core/clock.js';
import { loadConfig } from '../../src/config/config.js';
import { startServer, type RunningServer } from '../../src/main.js';
import { openStore } from '../../src/storage/kysely/database.js';
import type { Store } from '../../src/storage/ports.js';
import { EPHEMERAL_PORTS, postgresUrl } from '../helpers/databases.js';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { refusal } from '../helpers/client-errors.js';
import { waitersRegistered } from '../helpers/waiters.js';

/** The sender testPhoneNumberSendSms delivers from (a fictional number). */
const TEST_SENDER = '+12125550100';
/** A number outside the carrier: recorded as sent, never delivered. */
// outside every range the server hands out (PIGEONHOLE_PHONE_RANGES), so no tenant's number can be it
const OUTSIDE_NUMBER = '+61491570156';
const MINUTE = 60_000;

describeEachDialect('phone pools with leases, and SMS threads', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let bob: Tenant;
  // a clock the test moves: leases expire without waiting, messages get distinct times
  const clock = new ManualClock(new Date('2030-01-01T00:00:00.000Z'));

  const newPhone = (tenant: Tenant, name?: string) => {
    clock.advance(1);
    return tenant.mailslurp.phoneController.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.US, name } });
  };

  before(async () => {
    server = await startTestServer(dialect, { clock });
    alice = await server.createTenant();
    bob = await server.createTenant();
  });
  after(() => server?.close());

  test('pools: create, names unique per user, get-or-create, list, by name, update, add and remove numbers, delete', async () => {
    const phone = alice.mailslurp.phoneController;
    const [p1, p2, p3] = [await newPhone(alice, 'one'), await newPhone(alice, 'two'), await newPhone(alice, 'three')];
    const bobPhone = await newPhone(bob);

    const made = await phone.createPhonePool({ createPhonePoolOptions: { name: ' checkout ', description: 'for checkout tests' } });
    assert.deepEqual([made.name, made.description, made.userId, made.memberCount, made.availableMemberCount, made.leasedMemberCount, made.members],
      ['checkout', 'for checkout tests', alice.userId, 0, 0, 0, []]);
    const taken = await refusal(phone.createPhonePool({ createPhonePoolOptions: { name: 'checkout' } }));
    assert.equal(taken.status, 409);
    assert.match(taken.message, /already have a phone pool named checkout/);
    // Bob may use the same name: names are per user
    const bobs = await bob.mailslurp.phoneController.createPhonePool({ createPhonePoolOptions: { name: 'checkout' } });
    assert.notEqual(bobs.id, made.id);

    const same = await phone.getOrCreatePhonePool({ getOrCreatePhonePoolOptions: { name: 'checkout', description: 'ignored' } });
    assert.deepEqual([same.id, same.description], [made.id, 'for checkout tests']);
    clock.advance(1);
    const other = await phone.getOrCreatePhonePool({ getOrCreatePhonePoolOptions: { name: 'signup', description: 'new' } });
    assert.notEqual(other.id, made.id);
    assert.equal(other.description, 'new');

    const added = await phone.addPhoneNumbersToPhonePool({ poolId: made.id, addPhonePoolNumbersOptions: { phoneNumberIds: [p1.id, p2.id, p1.id] } });
    assert.deepEqual(added.members.map((m) => [m.phoneNumberId, m.phoneNumber, m.phoneName, m.poolId, m.activeLease ?? null]),
      [[p1.id, p1.phoneNumber, 'one', made.id, null], [p2.id, p2.phoneNumber, 'two', made.id, null]]);
    assert.deepEqual([added.memberCount, added.availableMemberCount, added.leasedMemberCount], [2, 2, 0]);
    // adding again changes nothing; Bob's number is no number of Alice's
    assert.equal((await phone.addPhoneNumbersToPhonePool({ poolId: made.id, addPhonePoolNumbersOptions: { phoneNumberIds: [p2.id] } })).memberCount, 2);
    const foreign = await refusal(phone.addPhoneNumbersToPhonePool({ poolId: made.id, addPhonePoolNumbersOptions: { phoneNumberIds: [p3.id, bobPhone.id] } }));
    assert.equal(foreign.status, 404);
    assert.match(foreign.message, new RegExp(bobPhone.id));
    assert.equal((await phone.getPhonePool({ poolId: made.id })).memberCount, 2, 'a refused add adds nothing');

    const all = await phone.addAllPhoneNumbersToPhonePool({ poolId: other.id });
    assert.deepEqual(all.members.map((m) => m.phoneNumberId), [p1.id, p2.id, p3.id]);
    await phone.removePhoneNumberFromPhonePool({ poolId: other.id, phoneNumberId: p2.id });
    assert.deepEqual((await phone.getPhonePool({ poolId: other.id })).members.map((m) => m.phoneNumberId), [p1.id, p3.id]);
    assert.equal((await refusal(phone.removePhoneNumberFromPhonePool({ poolId: other.id, phoneNumberId: p2.id }))).status, 404);

    const pools = await phone.getPhonePools();
    assert.deepEqual(pools.map((p) => [p.name, p.memberCount, p.availableMemberCount, p.leasedMemberCount]), [['checkout', 2, 2, 0], ['signup', 2, 2, 0]]);
    assert.equal((await phone.getPhonePoolByName({ name: 'signup' })).id, other.id);
    assert.equal((await refusal(phone.getPhonePoolByName({ name: 'nope' }))).status, 404);

    clock.advance(1000);
    const renamed = await phone.updatePhonePool({ poolId: other.id, updatePhonePoolOptions: { name: 'register' } });
    assert.deepEqual([renamed.name, renamed.description, renamed.memberCount], ['register', 'new', 2]);
    assert.ok(renamed.updatedAt.getTime() > renamed.createdAt.getTime());
    const cleared = await phone.updatePhonePool({ poolId: other.id, updatePhonePoolOptions: { description: null } });
    assert.deepEqual([cleared.name, cleared.description ?? null], ['register', null]);
    assert.equal((await refusal(phone.updatePhonePool({ poolId: other.id, updatePhonePoolOptions: { name: 'checkout' } }))).status, 409);

    // deleting a number takes it out of its pools
    await phone.deletePhoneNumber({ phoneNumberId: p3.id });
    assert.deepEqual((await phone.getPhonePool({ poolId: other.id })).members.map((m) => m.phoneNumberId), [p1.id]);

    await phone.deletePhonePool({ poolId: other.id });
    assert.equal((await refusal(phone.getPhonePool({ poolId: other.id }))).status, 404);
    assert.equal((await refusal(phone.deletePhonePool({ poolId: other.id }))).status, 404);
    assert.equal((await phone.getPhoneNumber({ phoneNumberId: p1.id })).id, p1.id, 'the numbers stay');
    assert.equal((await refusal(phone.getPhonePool({ poolId: randomUUID() }))).status, 404);
    assert.equal((await refusal(phone.createPhonePool({ createPhonePoolOptions: { name: '  ' } }))).status, 400);

    await phone.deletePhonePool({ poolId: made.id });
    await phone.deletePhoneNumber({ phoneNumberId: p1.id });
    await phone.deletePhoneNumber({ phoneNumberId: p2.id });
  });

  test('leases: one number to one caller, 409 when all are leased, release, expiry, held acquires, removal and pool deletion', async () => {
    const phone = alice.mailslurp.phoneController;
    const [p1, p2] = [await newPhone(alice, 'lease-1'), await newPhone(alice, 'lease-2')];
    const pool = await phone.createPhonePool({ createPhonePoolOptions: { name: 'leases' } });
    const empty = await refusal(phone.acquirePhonePoolLease({ poolId: pool.id, acquirePhonePoolLeaseOptions: {} }));
    assert.equal(empty.status, 409);
    assert.match(empty.message, /has no numbers/);
    await phone.addPhoneNumbersToPhonePool({ poolId: pool.id, addPhonePoolNumbersOptions: { phoneNumberIds: [p1.id, p2.id] } });

    const first = await phone.acquirePhonePoolLease({ poolId: pool.id, acquirePhonePoolLeaseOptions: { leaseName: 'test A', leaseOwner: 'ci-1' } });
    assert.deepEqual([first.poolId, first.phoneNumberId, first.phoneNumber, first.phoneName, first.leaseName, first.leaseOwner, first.phoneCountry],
      [pool.id, p1.id, p1.phoneNumber, 'lease-1', 'test A', 'ci-1', 'US']);
    assert.equal(first.leasedAt.toISOString(), clock.now().toISOString());
    assert.equal(first.expiresAt?.getTime(), clock.now().getTime() + 15 * MINUTE, 'the default lease is 15 minutes');
    const second = await phone.acquirePhonePoolLease({ poolId: pool.id, acquirePhonePoolLeaseOptions: { leaseDurationMillis: 60 * MINUTE } });
    assert.equal(second.phoneNumberId, p2.id);
    assert.equal(second.expiresAt?.getTime(), clock.now().getTime() + 60 * MINUTE);
    const full = await refusal(phone.acquirePhonePoolLease({ poolId: pool.id, acquirePhonePoolLeaseOptions: {} }));
    assert.equal(full.status, 409);
    assert.match(full.message, /Every number of phone pool leases is leased/);

    const seen = await phone.getPhonePool({ poolId: pool.id });
    assert.deepEqual([seen.memberCount, seen.availableMemberCount, seen.leasedMemberCount], [2, 0, 2]);
    assert.deepEqual(seen.members.map((m) => m.activeLease?.id), [first.id, second.id]);
    assert.equal(seen.members[0]!.activeLease?.leaseOwner, 'ci-1');
    assert.equal((await phone.getPhonePools()).find((p) => p.id === pool.id)?.leasedMemberCount, 2);

    // release: the number is the next one leased
    await phone.releasePhonePoolLease({ poolId: pool.id, leaseId: first.id });
    assert.equal((await refusal(phone.releasePhonePoolLease({ poolId: pool.id, leaseId: first.id }))).status, 404);
    const third = await phone.acquirePhonePoolLease({ poolId: pool.id, acquirePhonePoolLeaseOptions: { leaseDurationMillis: 5 * MINUTE } });
    assert.equal(third.phoneNumberId, p1.id);

    // expiry: past its end a lease is shown as none and its number is leased again
    clock.advance(5 * MINUTE);
    const afterExpiry = await phone.getPhonePool({ poolId: pool.id });
    assert.deepEqual(afterExpiry.members.map((m) => m.activeLease?.id ?? null), [null, second.id]);
    assert.deepEqual([afterExpiry.availableMemberCount, afterExpiry.leasedMemberCount], [1, 1]);
    const fourth = await phone.acquirePhonePoolLease({ poolId: pool.id, acquirePhonePoolLeaseOptions: {} });
    assert.equal(fourth.phoneNumberId, p1.id);
    // the expired lease is over: releasing it is 404, and the live one stays
    assert.equal((await refusal(phone.releasePhonePoolLease({ poolId: pool.id, leaseId: third.id }))).status, 404);
    assert.equal((await phone.getPhonePool({ poolId: pool.id })).members[0]!.activeLease?.id, fourth.id);

    // a held acquire is answered when a lease is released
    const registered = waitersRegistered(server.server.bus, 'phone-pool.freed');
    const held = phone.acquirePhonePoolLease({ poolId: pool.id, acquirePhonePoolLeaseOptions: { acquireTimeoutMillis: 20_000, leaseName: 'held' } });
    await registered;
    await phone.releasePhonePoolLease({ poolId: pool.id, leaseId: second.id });
    const woken: PhonePoolLeaseDto = await held;
    assert.deepEqual([woken.phoneNumberId, woken.leaseName], [p2.id, 'held']);
    // held and nothing freed: 409 at the timeout
    const timedOut = await refusal(phone.acquirePhonePoolLease({ poolId: pool.id, acquirePhonePoolLeaseOptions: { acquireTimeoutMillis: 200 } }));
    assert.equal(timedOut.status, 409);
    assert.match(timedOut.message, /none was freed within 200 ms/);

    // bounds
    for (const options of [{ leaseDurationMillis: 0 }, { leaseDurationMillis: 8 * 24 * 60 * MINUTE }, { acquireTimeoutMillis: -1 }]) {
      assert.equal((await refusal(phone.acquirePhonePoolLease({ poolId: pool.id, acquirePhonePoolLeaseOptions: options }))).status, 400, JSON.stringify(options));
    }

    // a number leased from one pool is leased in every pool it is in
    const shared = await phone.createPhonePool({ createPhonePoolOptions: { name: 'shared' } });
    await phone.addPhoneNumbersToPhonePool({ poolId: shared.id, addPhonePoolNumbersOptions: { phoneNumberIds: [p1.id] } });
    assert.equal((await phone.getPhonePool({ poolId: shared.id })).members[0]!.activeLease?.id, fourth.id);
    assert.equal((await refusal(phone.acquirePhonePoolLease({ poolId: shared.id, acquirePhonePoolLeaseOptions: {} }))).status, 409);
    // removing the number from the pool it was leased from ends that lease
    await phone.removePhoneNumberFromPhonePool({ poolId: pool.id, phoneNumberId: p1.id });
    const fromShared = await phone.acquirePhonePoolLease({ poolId: shared.id, acquirePhonePoolLeaseOptions: {} });
    assert.equal(fromShared.phoneNumberId, p1.id);
    // deleting a pool releases its leases
    await phone.addPhoneNumbersToPhonePool({ poolId: pool.id, addPhonePoolNumbersOptions: { phoneNumberIds: [p1.id] } });
    await phone.deletePhonePool({ poolId: shared.id });
    assert.deepEqual((await phone.getPhonePool({ poolId: pool.id })).members.map((m) => [m.phoneNumberId, m.activeLease?.id ?? null]),
      [[p2.id, woken.id], [p1.id, null]]);
    assert.equal((await phone.acquirePhonePoolLease({ poolId: pool.id, acquirePhonePoolLeaseOptions: {} })).phoneNumberId, p1.id);

    // another user's pool and lease are not found
    assert.equal((await refusal(bob.mailslurp.phoneController.acquirePhonePoolLease({ poolId: pool.id, acquirePhonePoolLeaseOptions: {} }))).status, 404);
    assert.equal((await refusal(bob.mailslurp.phoneController.releasePhonePoolLease({ poolId: pool.id, leaseId: woken.id }))).status, 404);
    await phone.deletePhonePool({ poolId: pool.id });
    await phone.deletePhoneNumber({ phoneNumberId: p1.id });
    await phone.deletePhoneNumber({ phoneNumberId: p2.id });
  });

  test('concurrent acquires never get the same number', async () => {
    const phone = alice.mailslurp.phoneController;
    const numbers: PhoneNumberDto[] = [];
    for (let i = 0; i < 5; i++) numbers.push(await newPhone(alice, `concurrent-${i}`));
    const pool = await phone.createPhonePool({ createPhonePoolOptions: { name: 'concurrent' } });
    await phone.addPhoneNumbersToPhonePool({ poolId: pool.id, addPhonePoolNumbersOptions: { phoneNumberIds: numbers.map((n) => n.id) } });
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, (_, i) =>
      phone.acquirePhonePoolLease({ poolId: pool.id, acquirePhonePoolLeaseOptions: { leaseOwner: `worker-${i}` } })));
    const leased = outcomes.filter((o): o is PromiseFulfilledResult<PhonePoolLeaseDto> => o.status === 'fulfilled').map((o) => o.value);
    assert.equal(leased.length, 5);
    assert.deepEqual(new Set(leased.map((l) => l.phoneNumberId)), new Set(numbers.map((n) => n.id)), 'each number leased once');
    for (const o of outcomes) if (o.status === 'rejected') assert.equal((o.reason as Response).status, 409);
    const seen = await phone.getPhonePool({ poolId: pool.id });
    assert.deepEqual(new Set(seen.members.map((m) => m.activeLease?.id)), new Set(leased.map((l) => l.id)));
    await phone.deletePhonePool({ poolId: pool.id });
    for (const n of numbers) await phone.deletePhoneNumber({ phoneNumberId: n.id });
  });

  test('threads: sendSms and testPhoneNumberSendSms both ways between two numbers, items, all threads, delete', async () => {
    const a = await newPhone(alice, 'thread-a');
    const b = await newPhone(bob, 'thread-b');
    const aliceApi = alice.mailslurp;
    const bobApi = bob.mailslurp;
    const step = () => clock.advance(1000);

    const hello = await aliceApi.phoneController.sendSmsFromPhoneNumber({ phoneNumberId: a.id, smsSendOptions: { to: b.phoneNumber, body: 'hello bob' } });
    step();
    const received = (await bobApi.phoneController.getSmsByPhoneNumber({ phoneNumberId: b.id })).content![0]!;
    const answer = await bobApi.smsController.replyToSmsMessage({ smsId: received.id, smsReplyOptions: { body: 'hi alice' } });
    step();
    await aliceApi.smsController.sendSms({ fromPhoneId: a.id, smsSendOptions: { to: b.phoneNumber, body: 'how are you' } });
    step();
    await aliceApi.phoneController.testPhoneNumberSendSms({ phoneNumberId: a.id, testPhoneNumberOptions: { message: 'from the carrier' } });
    step();
    await aliceApi.smsController.sendSms({ fromPhoneId: a.id, smsSendOptions: { to: OUTSIDE_NUMBER, body: 'to the outside' } });
    step();
    await bobApi.phoneController.testPhoneNumberSendSms({ phoneNumberId: b.id, testPhoneNumberOptions: { message: 'bob from the carrier' } });

    const threads = await aliceApi.phoneController.getPhoneMessageThreads({ phoneNumberId: a.id });
    assert.equal(threads.totalElements, 3);
    assert.deepEqual(threads.content!.map((t) => [t.phoneNumberId, t.phoneNumber, t.otherPhoneNumber, t.lastMessageDirection, t.lastBody]), [
      [a.id, a.phoneNumber, OUTSIDE_NUMBER, 'OUTBOUND', 'to the outside'],
      [a.id, a.phoneNumber, TEST_SENDER, 'INBOUND', 'from the carrier'],
      [a.id, a.phoneNumber, b.phoneNumber, 'OUTBOUND', 'how are you'],
    ]);
    assert.ok(threads.content![0]!.lastCreated.getTime() > threads.content![1]!.lastCreated.getTime());

    const items = await aliceApi.phoneController.getPhoneMessageThreadItems({ phoneNumberId: a.id, otherNumber: b.phoneNumber });
    assert.equal(items.totalElements, 3);
    assert.deepEqual(items.content!.map((i) => [i.messageDirection, i.fromPhoneNumber, i.toPhoneNumber, i.body, i.phoneNumberId]), [
      ['OUTBOUND', a.phoneNumber, b.phoneNumber, 'hello bob', a.id],
      ['INBOUND', b.phoneNumber, a.phoneNumber, 'hi alice', a.id],
      ['OUTBOUND', a.phoneNumber, b.phoneNumber, 'how are you', a.id],
    ]);
    assert.equal(items.content![0]!.id, hello.id, 'an outbound item is the sent SMS');
    // the other number without its +, and paged
    const paged = await aliceApi.phoneController.getPhoneMessageThreadItems({ phoneNumberId: a.id, otherNumber: b.phoneNumber.slice(1), page: 1, size: 2 });
    assert.deepEqual([paged.totalElements, paged.totalPages, paged.content!.map((i) => i.body)], [3, 2, ['how are you']]);

    // Bob's side of the same conversation
    const bobItems = await bobApi.phoneController.getPhoneMessageThreadItems({ phoneNumberId: b.id, otherNumber: a.phoneNumber });
    assert.deepEqual(bobItems.content!.map((i) => [i.messageDirection, i.body]), [['INBOUND', 'hello bob'], ['OUTBOUND', 'hi alice'], ['INBOUND', 'how are you']]);
    assert.equal(bobItems.content![1]!.id, answer.id);
    const bobAll = await bobApi.phoneController.getAllPhoneMessageThreads({});
    assert.deepEqual(bobAll.content!.map((t) => [t.phoneNumberId, t.otherPhoneNumber, t.lastBody]),
      [[b.id, TEST_SENDER, 'bob from the carrier'], [b.id, a.phoneNumber, 'how are you']]);

    // all of Alice's numbers: a second number's thread joins in
    const a2 = await newPhone(alice, 'thread-a2');
    step();
    await aliceApi.phoneController.sendSmsFromPhoneNumber({ phoneNumberId: a2.id, smsSendOptions: { to: a.phoneNumber, body: 'between my own numbers' } });
    const all = await aliceApi.phoneController.getAllPhoneMessageThreads({ size: 2 });
    assert.equal(all.totalElements, 5);
    // the newest: both sides of that message (the same instant), of two numbers
    assert.deepEqual(new Set(all.content!.map((t) => `${t.phoneNumberId} ${t.otherPhoneNumber} ${t.lastMessageDirection}`)),
      new Set([`${a2.id} ${a.phoneNumber} OUTBOUND`, `${a.id} ${a2.phoneNumber} INBOUND`]));

    // deleting a thread deletes its received and sent SMS on Alice's side only
    const deleted = await aliceApi.phoneController.deletePhoneMessageThreadItems({ phoneNumberId: a.id, otherNumber: b.phoneNumber });
    assert.equal(deleted.message, 'Deleted 3 messages');
    assert.equal((await aliceApi.phoneController.getPhoneMessageThreadItems({ phoneNumberId: a.id, otherNumber: b.phoneNumber })).totalElements, 0);
    assert.deepEqual((await aliceApi.phoneController.getPhoneMessageThreads({ phoneNumberId: a.id })).content!.map((t) => t.otherPhoneNumber),
      [a2.phoneNumber, OUTSIDE_NUMBER, TEST_SENDER]);
    assert.equal((await bobApi.phoneController.getPhoneMessageThreadItems({ phoneNumberId: b.id, otherNumber: a.phoneNumber })).totalElements, 3);

    // bad numbers 400, other users' numbers 404
    const bad = await refusal(aliceApi.phoneController.getPhoneMessageThreadItems({ phoneNumberId: a.id, otherNumber: 'not-a-number' }));
    assert.equal(bad.status, 400);
    assert.match(bad.message, /not a phone number/);
    assert.equal((await refusal(aliceApi.phoneController.getPhoneMessageThreads({ phoneNumberId: b.id }))).status, 404);
    assert.equal((await refusal(aliceApi.phoneController.getPhoneMessageThreadItems({ phoneNumberId: b.id, otherNumber: a.phoneNumber }))).status, 404);
    assert.equal((await refusal(aliceApi.phoneController.deletePhoneMessageThreadItems({ phoneNumberId: b.id, otherNumber: a.phoneNumber }))).status, 404);
  });
});

/** Two nodes on one PostgreSQL database: acquires on both never share a number, and a release on one wakes a held acquire on the other. */
describe('phone pool leases across two nodes', { skip: postgresUrl() ? false : 'PIGEONHOLE_TEST_DATABASE_URL is not set' }, () => {
  let nodeA: TestServer;
  let storeB: Store;
  let nodeB: RunningServer;
  let tenant: Tenant;
  before(async () => {
    nodeA = await startTestServer('postgres');
    storeB = await openStore({ databaseUrl: nodeA.db.databaseUrl, searchPath: nodeA.db.searchPath });
    nodeB = await startServer(loadConfig({
      ...EPHEMERAL_PORTS, PIGEONHOLE_DATA_DIR: nodeA.db.dataDir, PIGEONHOLE_API_KEY: nodeA.adminKey, PIGEONHOLE_LOG_LEVEL: 'silent',
    }), { store: storeB });
    tenant = await nodeA.createTenant();
  });
  after(async () => {
    await nodeB?.close();
    await storeB?.close();
    await nodeA?.close();
  });

  test('concurrent acquires on both nodes, and a held acquire on node B woken by a release on node A', async () => {
    const phone = tenant.mailslurp.phoneController;
    const numbers: PhoneNumberDto[] = [];
    for (let i = 0; i < 4; i++) numbers.push(await phone.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.US } }));
    const pool = await phone.createPhonePool({ createPhonePoolOptions: { name: 'two-nodes' } });
    await phone.addAllPhoneNumbersToPhonePool({ poolId: pool.id });
    const onB = (body: unknown) => fetch(`${nodeB.url}/phone/pools/${pool.id}/leases`, {
      method: 'POST', headers: { 'x-api-key': tenant.apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0
      ? phone.acquirePhonePoolLease({ poolId: pool.id, acquirePhonePoolLeaseOptions: {} }).then((l) => ({ status: 200, id: l.phoneNumberId, leaseId: l.id }), (r: Response) => ({ status: r.status, id: '', leaseId: '' }))
      : onB({}).then(async (r) => {
        const body = (await r.json()) as { phoneNumberId: string; id: string };
        return { status: r.status, id: body.phoneNumberId, leaseId: body.id };
      }))));
    const leased = answers.filter((a) => a.status === 200);
    assert.equal(leased.length, 4);
    assert.deepEqual(new Set(leased.map((a) => a.id)), new Set(numbers.map((n) => n.id)), 'each number leased once over both nodes');
    assert.deepEqual(answers.filter((a) => a.status !== 200).map((a) => a.status), Array(6).fill(409));

    const registered = waitersRegistered(nodeB.bus, 'phone-pool.freed');
    const held = onB({ acquireTimeoutMillis: 20_000, leaseOwner: 'held on B' });
    await registered;
    await phone.releasePhonePoolLease({ poolId: pool.id, leaseId: leased[0]!.leaseId });
    const answer = await held;
    assert.equal(answer.status, 200);
    const lease = (await answer.json()) as { phoneNumberId: string; leaseOwner: string };
    assert.deepEqual([lease.phoneNumberId, lease.leaseOwner], [leased[0]!.id, 'held on B']);
  });
});
