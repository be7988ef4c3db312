import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../core/clock.js';
import { EventBus } from '../../events/bus.js';
import type { ParsedMessage } from '../email/parse.js';
import type { EmailRepository, InboxRecord, MissedEmailRecord, MissedEmailRepository } from '../../storage/ports.js';
import { restoring, TenantEmailCapStep } from './email-cap.step.js';

const inbox = (id: string, tenantId: string): InboxRecord => ({
  id, tenantId, emailAddress: `${id}@pigeonhole.test`, localPart: id, domain: 'pigeonhole.test', domainId: null, name: null,
  description: null, favourite: false, inboxType: 'HTTP', virtualInbox: false, expiresAt: null, createdAt: new Date(0), tags: [],
});

const message: ParsedMessage = {
  messageId: 'm@example.com', inReplyTo: null, subject: 'Hi', from: { rawValue: 'a@example.com', emailAddress: 'a@example.com', name: null },
  to: [{ rawValue: 'x@pigeonhole.test', emailAddress: 'x@pigeonhole.test', name: null }], cc: [], bcc: [], replyTo: null, headers: [],
  textBody: null, htmlBody: '<p>Hello\n   <b>there</b></p>', charset: 'utf-8', bodyMd5: '', bodyPartContentTypes: [], attachments: [],
};

function fixture(counts: Record<string, number>, cap: number) {
  const stored: Array<{ record: MissedEmailRecord; raw: Buffer }> = [];
  const emails = { count: async (tenantId: string) => counts[tenantId] ?? 0 } as unknown as EmailRepository;
  const missed = { create: async (batch: typeof stored) => void stored.push(...batch) } as unknown as MissedEmailRepository;
  const bus = new EventBus();
  const events: string[] = [];
  bus.subscribe('missed-email.recorded', (e) => events.push(`${e.tenantId}/${e.inboxId}/${e.missedEmailId}`));
  const step = new TenantEmailCapStep(emails, missed, bus, new ManualClock(), cap);
  return { step, stored, events };
}

test('each tenant has its own room, and one message takes one place per inbox', async () => {
  const { step, stored, events } = fixture({ alice: 1, bob: 3 }, 3);
  const raw = Buffer.from('raw bytes');
  const recipients = [inbox('a1', 'alice'), inbox('a2', 'alice'), inbox('a3', 'alice'), inbox('b1', 'bob')];
  const accepted = await step.apply(message, recipients, raw);
  assert.deepEqual(accepted.map((i) => i.id), ['a1', 'a2'], 'alice had room for two, bob for none');
  assert.deepEqual(stored.map((s) => [s.record.tenantId, s.record.inboxId]), [['alice', 'a3'], ['bob', 'b1']]);
  assert.ok(stored.every((s) => s.raw === raw), 'the raw bytes are kept for restoring');
  assert.equal(stored[0]!.record.bodyExcerpt, 'Hello there', 'the excerpt is plain text');
  assert.deepEqual(stored[0]!.record.recipients, { to: ['x@pigeonhole.test'], cc: [], bcc: [] });
  assert.deepEqual(events, stored.map((s) => `${s.record.tenantId}/${s.record.inboxId}/${s.record.id}`), 'one event per record');
});

test('no cap passes everything; a restore over the cap records nothing twice', async () => {
  const open = fixture({ alice: 1_000 }, 0);
  assert.equal((await open.step.apply(message, [inbox('a1', 'alice')], Buffer.from('x'))).length, 1);
  assert.equal(open.stored.length, 0);

  const full = fixture({ alice: 2 }, 2);
  const accepted = await restoring.run(true, () => full.step.apply(message, [inbox('a1', 'alice')], Buffer.from('x')));
  assert.deepEqual(accepted, []);
  assert.equal(full.stored.length, 0, 'the restore keeps the record it has');
});
