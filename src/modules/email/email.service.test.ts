import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../core/clock.js';
import { EventBus } from '../../events/bus.js';
import type { EmailRecord, EmailRepository } from '../../storage/ports.js';
import type { InboxService } from '../inbox/inbox.service.js';
import { EmailService } from './email.service.js';

/** One unread email whose read mark another reader may already have made in storage. */
function serviceWith(changedByMark: number) {
  const email = { id: 'e1', tenantId: 't1', inboxId: 'i1', read: false, updatedAt: new Date(0) } as EmailRecord;
  const marks: boolean[] = [];
  const repo = {
    findById: async () => email,
    setRead: async (_tenant: string, _filter: unknown, read: boolean) => {
      marks.push(read);
      return changedByMark;
    },
  } as unknown as EmailRepository;
  const bus = new EventBus();
  const announced: string[] = [];
  bus.subscribe('email.read', (event) => announced.push(event.emailId));
  const clock = new ManualClock(new Date('2026-03-01T00:00:00.000Z'));
  return { service: new EmailService(repo, {} as InboxService, bus, clock), marks, announced, clock };
}

test('reading an unread email marks it read, answers it read, and announces email.read', async () => {
  const { service, marks, announced, clock } = serviceWith(1);
  const read = await service.get('t1', 'e1');
  assert.deepEqual(marks, [true]);
  assert.equal(read.read, true);
  assert.deepEqual(read.updatedAt, clock.now());
  assert.deepEqual(announced, ['e1']);
});

test('a reader whose mark changed nothing (another reader made it first) announces nothing', async () => {
  const { service, announced } = serviceWith(0);
  const read = await service.get('t1', 'e1');
  assert.equal(read.read, true);
  assert.deepEqual(announced, [], 'email.read is announced once, by the reader that turned it read');
});
