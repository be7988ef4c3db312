import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeServices, rejectsWith } from '../../../test/fakes/index.js';
import type { PhoneNumberRecord } from '../../storage/ports.js';
import { waitersRegistered } from '../../../test/helpers/waiters.js';

const ALICE = 'tenant-alice';
const BOB = 'tenant-bob';
const MINUTE = 60_000;

function setup() {
  const fake = fakeServices();
  let n = 0;
  const phone = (tenantId: string, name: string): PhoneNumberRecord => {
    const now = fake.clock.now();
    const record: PhoneNumberRecord = {
      id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, tenantId, phoneNumber: `+1201555${String(n).padStart(4, '0')}`, phoneCountry: 'US',
      name, description: null, tags: [], favourite: false, createdAt: now, updatedAt: now,
    };
    fake.repos.phonePools.addPhone(record);
    return record;
  };
  return { ...fake, pools: fake.services.phonePools, phone };
}

describe('phone pools', () => {
  test('names are unique per user and trimmed; get-or-create finds by name; update refuses a taken name', async () => {
    const { pools } = setup();
    const made = await pools.create(ALICE, { name: ' main ', description: ' ' });
    assert.deepEqual([made.pool.name, made.pool.description], ['main', null]);
    await rejectsWith(pools.create(ALICE, { name: 'main' }), 'CONFLICT', /already have a phone pool named main/);
    await pools.create(BOB, { name: 'main' });
    assert.equal((await pools.getOrCreate(ALICE, { name: 'main' })).pool.id, made.pool.id);
    const other = await pools.getOrCreate(ALICE, { name: 'other', description: 'd' });
    assert.notEqual(other.pool.id, made.pool.id);
    await rejectsWith(pools.update(ALICE, other.pool.id, { name: 'main' }), 'CONFLICT');
    await rejectsWith(pools.create(ALICE, { name: '   ' }), 'BAD_REQUEST', /not blank/);
    await rejectsWith(pools.get(BOB, made.pool.id), 'NOT_FOUND');
    assert.deepEqual((await pools.list(ALICE)).map((p) => p.name), ['main', 'other']);
  });

  test("only the caller's numbers join a pool", async () => {
    const { pools, phone } = setup();
    const mine = phone(ALICE, 'mine');
    const theirs = phone(BOB, 'theirs');
    const pool = await pools.create(ALICE, { name: 'p' });
    await rejectsWith(pools.addNumbers(ALICE, pool.pool.id, [mine.id, theirs.id]), 'NOT_FOUND', new RegExp(theirs.id));
    assert.equal((await pools.get(ALICE, pool.pool.id)).members.length, 0);
    assert.equal((await pools.addNumbers(ALICE, pool.pool.id, [mine.id, mine.id])).members.length, 1);
    assert.deepEqual((await pools.addAllNumbers(ALICE, pool.pool.id)).members.map((m) => m.phoneId), [mine.id]);
    await rejectsWith(pools.removeNumber(ALICE, pool.pool.id, theirs.id), 'NOT_FOUND', /is not in phone pool p/);
  });

  test('leases: default and bounded duration, 409 when all are leased, expiry frees, release frees', async () => {
    const { pools, phone, clock } = setup();
    const [a, b] = [phone(ALICE, 'a'), phone(ALICE, 'b')];
    const { pool } = await pools.create(ALICE, { name: 'p' });
    await rejectsWith(pools.acquire(ALICE, pool.id, {}), 'CONFLICT', /has no numbers/);
    await pools.addNumbers(ALICE, pool.id, [a.id, b.id]);
    const first = await pools.acquire(ALICE, pool.id, { leaseName: ' job ', leaseOwner: '' });
    assert.deepEqual([first.phoneId, first.leaseName, first.leaseOwner], [a.id, 'job', null]);
    assert.equal(first.expiresAt.getTime() - first.leasedAt.getTime(), 15 * MINUTE);
    const second = await pools.acquire(ALICE, pool.id, { leaseDurationMillis: MINUTE });
    assert.equal(second.phoneId, b.id);
    await rejectsWith(pools.acquire(ALICE, pool.id, {}), 'CONFLICT', /Every number of phone pool p is leased \(2 numbers\).*first at/);
    await rejectsWith(pools.acquire(ALICE, pool.id, { leaseDurationMillis: 0 }), 'BAD_REQUEST', /leaseDurationMillis/);

    clock.advance(MINUTE);
    const detail = await pools.get(ALICE, pool.id);
    assert.deepEqual(detail.members.map((m) => m.lease?.id ?? null), [first.id, null], 'an expired lease is no active lease');
    assert.equal((await pools.acquire(ALICE, pool.id, {})).phoneId, b.id);

    await pools.release(ALICE, pool.id, first.id);
    await rejectsWith(pools.release(ALICE, pool.id, first.id), 'NOT_FOUND');
    await rejectsWith(pools.release(BOB, pool.id, first.id), 'NOT_FOUND');
    assert.equal((await pools.acquire(ALICE, pool.id, {})).phoneId, a.id);
  });

  test('a held acquire wakes when a lease is released, and deleting a pool ends its leases', async () => {
    const { pools, phone, bus } = setup();
    const a = phone(ALICE, 'a');
    const { pool } = await pools.create(ALICE, { name: 'p' });
    const { pool: other } = await pools.create(ALICE, { name: 'other' });
    await pools.addNumbers(ALICE, pool.id, [a.id]);
    await pools.addNumbers(ALICE, other.id, [a.id]);
    const lease = await pools.acquire(ALICE, pool.id, {});
    await rejectsWith(pools.acquire(ALICE, other.id, {}), 'CONFLICT', /is leased/);

    const registered = waitersRegistered(bus, 'phone-pool.freed');
    const held = pools.acquire(ALICE, other.id, { acquireTimeoutMillis: 10_000 });
    await registered;
    await pools.release(ALICE, pool.id, lease.id);
    const woken = await held;
    assert.deepEqual([woken.phoneId, woken.poolId], [a.id, other.id]);

    await pools.delete(ALICE, other.id);
    assert.equal((await pools.get(ALICE, pool.id)).members[0]!.lease, null, "the deleted pool's lease ended");
    assert.equal((await pools.acquire(ALICE, pool.id, {})).phoneId, a.id);
  });

  test('a held acquire the caller leaves ends at once', async () => {
    const { pools, phone } = setup();
    const a = phone(ALICE, 'a');
    const { pool } = await pools.create(ALICE, { name: 'p' });
    await pools.addNumbers(ALICE, pool.id, [a.id]);
    await pools.acquire(ALICE, pool.id, {});
    const controller = new AbortController();
    const held = pools.acquire(ALICE, pool.id, { acquireTimeoutMillis: 60_000, signal: controller.signal });
    controller.abort();
    await rejectsWith(held, 'CONFLICT');
  });
});
