import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeServices, rejectsWith, TEST_DOMAIN } from '../../../test/fakes/index.js';
import { FakeSenderSeatRepository, FakeWarmupRepository } from '../../../test/fakes/portals.js';
import { AppError } from '../../core/errors.js';
import { DAY_MS, targetOn, WarmupService, type WarmupSender } from './warmup.service.js';

const ALICE = 'tenant-alice';

async function setup() {
  const fake = fakeServices();
  const sends: Array<{ inboxId: string; to: string[] }> = [];
  let refuse = false;
  const sender: WarmupSender = {
    async send(_tenantId, inboxId, input) {
      if (refuse) throw new AppError('BAD_REQUEST', 'refused by a guard');
      sends.push({ inboxId, to: input.to });
      return { sent: { id: `sent-${sends.length}` } };
    },
  };
  const programs = new FakeWarmupRepository();
  const seats = new FakeSenderSeatRepository();
  const service = new WarmupService(programs, fake.repos.inboxes, seats, sender, fake.clock);
  const a = await fake.services.inboxes.create(ALICE, { emailAddress: `a@${TEST_DOMAIN}` });
  const b = await fake.services.inboxes.create(ALICE, { emailAddress: `b@${TEST_DOMAIN}` });
  return { ...fake, service, programs, seats, sends, a, b, refuse: (on: boolean) => { refuse = on; } };
}

const base = { seedAddresses: ['s1@example.com', 's2@example.com'], startVolume: 2, dailyIncrease: 3, maxDailyVolume: 6, durationDays: 3 };

describe('email warmup programs', () => {
  test('the daily volume ramps from startVolume by dailyIncrease up to maxDailyVolume', () => {
    assert.deepEqual([0, 1, 2, 3].map((day) => targetOn(base, day)), [2, 5, 6, 6]);
  });

  test('sends each day what it lacks, in turn from each sender to each seed; a pause stops the days; the last day ends it', async () => {
    const { service, clock, sends, a, b } = await setup();
    const program = await service.create(ALICE, { ...base, senderInboxIds: [a.id, b.id] });
    assert.equal(await service.runDue(), 0, 'drafts send nothing');
    await service.start(ALICE, program.id);
    assert.equal(await service.runDue(), 2);
    assert.deepEqual(sends.map((s) => [s.inboxId, s.to[0]]), [[a.id, 's1@example.com'], [b.id, 's2@example.com']]);
    assert.equal(await service.runDue(), 0, 'day 1 is done');
    clock.advance(DAY_MS / 2);
    await service.pause(ALICE, program.id);
    clock.advance(5 * DAY_MS);
    assert.equal(await service.runDue(), 0, 'paused');
    await service.resume(ALICE, program.id);
    assert.equal((await service.progress(await service.get(ALICE, program.id))).day, 0, 'paused time does not count');
    clock.advance(DAY_MS / 2);
    assert.equal(await service.runDue(), 5, 'day 2');
    clock.advance(DAY_MS);
    assert.equal(await service.runDue(), 6, 'day 3: the maximum');
    clock.advance(DAY_MS);
    assert.equal(await service.runDue(), 0);
    assert.equal((await service.get(ALICE, program.id)).state, 'COMPLETED');
    const usage = await service.usage(ALICE);
    assert.deepEqual([usage.sentTotal, usage.perProgram[0]!.sent, usage.senderSeatsUsed], [13, 13, 0]);
  });

  test('only drafts are editable; commands out of order are 409s; a refused send is recorded and tried again on the next pass', async () => {
    const { service, a, refuse } = await setup();
    const program = await service.create(ALICE, { ...base, senderInboxIds: [a.id] });
    assert.equal((await service.update(ALICE, program.id, { startVolume: 1 })).startVolume, 1);
    await rejectsWith(service.update(ALICE, program.id, { startVolume: 5, maxDailyVolume: 4 }), 'BAD_REQUEST', /maxDailyVolume/);
    await rejectsWith(service.pause(ALICE, program.id), 'CONFLICT');
    await service.start(ALICE, program.id);
    await rejectsWith(service.update(ALICE, program.id, { startVolume: 2 }), 'CONFLICT', /only drafts/);
    await rejectsWith(service.start(ALICE, program.id), 'CONFLICT');
    refuse(true);
    assert.equal(await service.runDue(), 0);
    assert.deepEqual((await service.totals(ALICE)).get(program.id), { sent: 0, failed: 1 });
    refuse(false);
    assert.equal(await service.runDue(), 1);
    await service.complete(ALICE, program.id);
    await rejectsWith(service.resume(ALICE, program.id), 'CONFLICT');
    await rejectsWith(service.delete(ALICE, program.id, false), 'BAD_REQUEST', /confirm/);
    await service.delete(ALICE, program.id, true);
    await rejectsWith(service.get(ALICE, program.id), 'NOT_FOUND');
  });

  test('warmup sender seats cap the distinct senders of running programs, checked at start and resume', async () => {
    const { service, a, b } = await setup();
    const first = await service.create(ALICE, { ...base, senderInboxIds: [a.id] });
    const second = await service.create(ALICE, { ...base, senderInboxIds: [a.id, b.id] });
    await service.setSeats(ALICE, 1);
    await service.start(ALICE, first.id);
    await rejectsWith(service.start(ALICE, second.id), 'CONFLICT', /1 more sender seat/);
    await service.setSeats(ALICE, 2);
    await service.start(ALICE, second.id);
    const usage = await service.usage(ALICE);
    assert.deepEqual([usage.senderSeats, usage.senderSeatsUsed, usage.senderSeatsAvailable], [2, 2, 0]);
    assert.equal((await service.removeSeats(ALICE)).senderSeats, null);
  });
});
