import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../core/clock.js';
import { rejectsWith } from '../../../test/fakes/index.js';
import { FakeSenderSeatRepository } from '../../../test/fakes/portals.js';
import type { InboxRecord } from '../../storage/ports.js';
import { SenderSeatService } from './sender-seats.service.js';

const inbox = (id: string, tenantId = 'alice') => ({ id, tenantId }) as InboxRecord;
const recipients = { to: [{ rawValue: 'x@example.com', emailAddress: 'x@example.com', name: null }], cc: [], bcc: [] };

describe('delivery sender seats', () => {
  test('without a cap every inbox sends and holds nothing; with one, the first N inboxes take seats and the next is refused naming the cap', async () => {
    const seats = new FakeSenderSeatRepository();
    const service = new SenderSeatService(seats, new ManualClock());
    assert.deepEqual(await service.guard.check(inbox('a'), recipients), recipients);
    assert.deepEqual(await service.capacity('alice'), { seats: null, used: 0, available: null, inboxIds: [] });
    await service.setCap('alice', 2);
    await service.guard.check(inbox('a'), recipients);
    await service.guard.check(inbox('b'), recipients);
    await service.guard.check(inbox('a'), recipients);
    await rejectsWith(service.guard.check(inbox('c'), recipients), 'BAD_REQUEST', /all 2 seats/);
    assert.deepEqual(await service.guard.check(inbox('c', 'bob'), recipients), recipients, "another tenant's cap is its own");
    assert.deepEqual(await service.capacity('alice'), { seats: 2, used: 2, available: 0, inboxIds: ['a', 'b'] });
    assert.deepEqual(await service.removeCap('alice'), { seats: null, used: 0, available: null, inboxIds: [] });
    await service.guard.check(inbox('c'), recipients);
  });
});
