import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WebhookDispatcher, type WebhookDispatcherPorts } from './dispatcher.js';
import { bounceEvents, deliveryStatusEvent, emailOpenedEvent, emailReadEvent, newContactEvent, newSmsEvent, receivedEmailEvents } from './payloads.js';
import type {
  AttachmentRecord, BouncedEmailRecord, BouncedRecipientRecord, ContactRecord, DeliveryStatusRecord, DomainEventRecord, EmailSummary,
  NewDomainEvent, NewWebhookDelivery, SentEmailRecord, SmsRecord, TrackingPixelRecord, WebhookListener,
} from '../../storage/ports.js';

const T = 'tenant-1';
const OTHER_T = 'tenant-2';
const INBOX = 'inbox-1';
const OTHER_INBOX = 'inbox-2';
const at = new Date('2026-01-02T03:04:05.678Z');

const address = (a: string) => ({ rawValue: a, emailAddress: a, name: null });

function email(id: string, attachments: AttachmentRecord[] = [], overrides: Partial<EmailSummary> = {}): EmailSummary {
  return {
    id, tenantId: T, inboxId: INBOX, messageId: `<${id}@example.com>`, inReplyTo: null, subject: `subject ${id}`,
    from: 'Sender <sender@example.com>', sender: address('sender@example.com'),
    recipients: { to: [address('inbox@pigeonhole.test')], cc: [address('copy@example.com')], bcc: [] },
    replyTo: null, charset: 'utf-8', bodyMd5: '', bodyPartContentTypes: ['text/plain'], sizeBytes: 10, rawSha256: '',
    attachmentIds: attachments.map((a) => a.id), read: false, favourite: false, createdAt: at, updatedAt: at, threadId: null,
    ...overrides,
  };
}

const attachment = (id: string, emailId: string, name: string): AttachmentRecord => ({
  id, tenantId: T, emailId, name, contentType: 'text/plain', size: name.length, contentId: null, sha256: '', createdAt: at,
});

const hook = (id: string, eventName: WebhookListener['eventName'], attach: Partial<WebhookListener & { enabled: boolean }> = {}): WebhookListener & { enabled: boolean } => ({
  id, tenantId: T, inboxId: INBOX, phoneId: null, name: `hook ${id}`, eventName, enabled: true, ...attach,
});

/**
 * In-memory stand-ins for the ports the dispatcher uses, counting the reads it makes. Claims
 * lease as on PostgreSQL, or with `leases: false` take nothing, as on SQLite.
 */
function fakeStore({ leases = true } = {}) {
  const rows: Array<{ record: DomainEventRecord; availableAt: number; token: string | null }> = [];
  const hooks: Array<WebhookListener & { enabled: boolean }> = [];
  const emails = new Map<string, { email: EmailSummary; attachments: AttachmentRecord[] }>();
  const statuses = new Map<string, DeliveryStatusRecord>();
  const sent = new Map<string, Pick<SentEmailRecord, 'id' | 'subject'>>();
  const pixels = new Map<string, TrackingPixelRecord>();
  const bounces = new Map<string, { email: BouncedEmailRecord; recipients: BouncedRecipientRecord[] }>();
  const contacts = new Map<string, ContactRecord>();
  const sms = new Map<string, SmsRecord>();
  const deliveries: NewWebhookDelivery[] = [];
  const calls = { listeners: 0, discard: 0, claim: 0, enqueue: 0, reads: 0 };
  let nextId = 1;
  const failing = new Set<string>();
  /** ids another dispatcher claims before this one can */
  const takenElsewhere = new Set<string>();

  const ports: WebhookDispatcherPorts = {
    events: {
      async pending(now, limit) {
        return rows.filter((r) => r.availableAt <= now).slice(0, limit).map((r) => r.record);
      },
      async claim(ids, now, leaseMs) {
        calls.claim++;
        const token = `claim-${calls.claim}`;
        const claimed = [];
        for (const r of rows) {
          if (!ids.includes(r.record.id) || r.availableAt > now) continue;
          if (takenElsewhere.has(r.record.id)) {
            Object.assign(r, { token: 'elsewhere', availableAt: now + leaseMs });
            continue;
          }
          if (leases) Object.assign(r, { token, availableAt: now + leaseMs });
          claimed.push(r.record);
        }
        return { token, events: claimed };
      },
      async discard(ids, now) {
        calls.discard++;
        const before = rows.length;
        for (let i = rows.length - 1; i >= 0; i--) if (ids.includes(rows[i]!.record.id) && rows[i]!.availableAt <= now) rows.splice(i, 1);
        return before - rows.length;
      },
      async releaseClaims() {
        for (const r of rows) Object.assign(r, { token: null, availableAt: 0 });
      },
    },
    webhooks: {
      async listeners(tenantIds, eventNames) {
        calls.listeners++;
        return hooks.filter((h) => h.enabled && tenantIds.includes(h.tenantId) && eventNames.includes(h.eventName))
          .map(({ enabled: _enabled, ...h }) => h);
      },
      async enqueueDeliveries(claim, made) {
        calls.enqueue++;
        const removed = new Set<string>();
        for (let i = rows.length - 1; i >= 0; i--) {
          const r = rows[i]!;
          if (claim.eventIds.includes(r.record.id) && (!leases || r.token === claim.token)) {
            removed.add(r.record.id);
            rows.splice(i, 1);
          }
        }
        const kept = made.filter((d) => removed.has(d.eventId));
        deliveries.push(...kept);
        return { events: removed.size, deliveries: kept.length };
      },
    },
    emails: {
      async list(tenantId, filter) {
        calls.reads++;
        return [...emails.values()].filter((e) => e.email.tenantId === tenantId && filter.ids!.includes(e.email.id)).map((e) => e.email);
      },
      async attachments(_tenantId, emailId) {
        calls.reads++;
        return emails.get(emailId)?.attachments ?? [];
      },
    },
    sent: {
      async status(_tenantId, id) {
        calls.reads++;
        if (failing.has(id)) throw new Error('disk on fire');
        return statuses.get(id);
      },
      async findById(_tenantId, id) {
        calls.reads++;
        return sent.get(id) as SentEmailRecord | undefined;
      },
    },
    trackingPixels: {
      async findById(_tenantId, id) {
        calls.reads++;
        return pixels.get(id);
      },
    },
    bounces: {
      async findEmail(_tenantId, id) {
        calls.reads++;
        return bounces.get(id)?.email;
      },
      async recipientsOf(_tenantId, id) {
        calls.reads++;
        return bounces.get(id)?.recipients ?? [];
      },
    },
    contacts: {
      async findContact(_tenantId, id) {
        calls.reads++;
        return contacts.get(id);
      },
    },
    sms: {
      async findById(tenantId, id) {
        calls.reads++;
        const found = sms.get(id);
        return found && found.tenantId === tenantId ? found : undefined;
      },
    },
  };

  return {
    ports, hooks, emails, statuses, sent, pixels, bounces, contacts, sms, deliveries, calls, failing, takenElsewhere,
    pendingIds: () => rows.map((r) => r.record.id),
    record(event: NewDomainEvent): string {
      const id = `event-${nextId++}`;
      rows.push({ record: { id, ...event }, availableAt: Date.now() - 1, token: null });
      return id;
    },
  };
}

const envelope = (d: NewWebhookDelivery) => {
  const payload = JSON.parse(d.payload) as Record<string, unknown>;
  assert.equal(payload.messageId, d.messageId);
  return payload;
};

test('a stored email: EMAIL_RECEIVED / NEW_EMAIL with the payload built from the record, one NEW_ATTACHMENT per attachment', async () => {
  const store = fakeStore();
  const files = [attachment('att-1', 'email-1', 'one.txt'), attachment('att-2', 'email-1', 'two.txt')];
  store.emails.set('email-1', { email: email('email-1', files), attachments: files });
  store.hooks.push(hook('h-received', 'EMAIL_RECEIVED'), hook('h-new', 'NEW_EMAIL', { inboxId: null }), hook('h-att', 'NEW_ATTACHMENT'));
  const eventId = store.record({ tenantId: T, name: 'email.received', inboxId: INBOX, entityId: 'email-1', occurredAt: at });

  const report = await new WebhookDispatcher(store.ports).dispatchPending();

  assert.deepEqual({ events: report.events, deliveries: report.deliveries, dropped: report.dropped, failed: report.failed },
    { events: 1, deliveries: 4, dropped: [], failed: [] });
  assert.deepEqual(store.pendingIds(), [], 'the event is removed with the deliveries');
  const [received, attachmentEvent1, attachmentEvent2] = receivedEmailEvents(email('email-1', files), files);
  const byHook = (id: string) => store.deliveries.filter((d) => d.webhookId === id);
  const [r] = byHook('h-received');
  // byte for byte: the envelope first, then the fields in the builder's order
  assert.equal(r!.payload, JSON.stringify({
    messageId: r!.messageId, webhookId: 'h-received', webhookName: 'hook h-received', eventName: 'EMAIL_RECEIVED', ...received!.fields,
  }));
  assert.deepEqual(Object.keys(envelope(r!)).slice(0, 6), ['messageId', 'webhookId', 'webhookName', 'eventName', 'inboxId', 'domainId']);
  assert.deepEqual(
    { eventId: r!.eventId, tenantId: r!.tenantId, eventName: r!.eventName, inboxId: r!.inboxId, emailId: r!.emailId, attachmentId: r!.attachmentId },
    { eventId, tenantId: T, eventName: 'EMAIL_RECEIVED', inboxId: INBOX, emailId: 'email-1', attachmentId: null },
  );
  const p = envelope(r!);
  assert.deepEqual([p.from, p.to, p.cc, p.subject, p.createdAt], ['sender@example.com', ['inbox@pigeonhole.test'], ['copy@example.com'], 'subject email-1', at.toISOString()]);
  assert.deepEqual((p.attachmentMetaDatas as Array<{ name: string }>).map((a) => a.name), ['one.txt', 'two.txt']);

  const [n] = byHook('h-new');
  assert.equal(n!.eventName, 'NEW_EMAIL');
  assert.deepEqual({ ...envelope(n!), messageId: null }, { messageId: null, webhookId: 'h-new', webhookName: 'hook h-new', eventName: 'NEW_EMAIL', ...received!.fields });

  const attachments = byHook('h-att');
  assert.deepEqual(attachments.map((d) => [d.eventName, d.attachmentId, d.emailId]), [['NEW_ATTACHMENT', 'att-1', 'email-1'], ['NEW_ATTACHMENT', 'att-2', 'email-1']]);
  assert.equal(attachments[1]!.payload, JSON.stringify({
    messageId: attachments[1]!.messageId, webhookId: 'h-att', webhookName: 'hook h-att', eventName: 'NEW_ATTACHMENT', ...attachmentEvent2!.fields,
  }));
  assert.deepEqual(attachmentEvent1!.fields, { attachmentId: 'att-1', name: 'one.txt', contentType: 'text/plain', contentLength: 7 });
  assert.equal(new Set(store.deliveries.map((d) => d.messageId)).size, 4, 'a fresh messageId per delivery');
});

test('matching: the inbox\'s webhooks and account-wide ones of the tenant, of the event name; never another inbox, tenant or a phone', async () => {
  const store = fakeStore();
  store.emails.set('email-1', { email: email('email-1'), attachments: [] });
  store.hooks.push(
    hook('own-inbox', 'EMAIL_RECEIVED'),
    hook('account', 'EMAIL_RECEIVED', { inboxId: null }),
    hook('other-inbox', 'EMAIL_RECEIVED', { inboxId: OTHER_INBOX }),
    hook('phone', 'EMAIL_RECEIVED', { inboxId: null, phoneId: 'phone-1' }),
    hook('other-tenant', 'EMAIL_RECEIVED', { tenantId: OTHER_T, inboxId: null }),
    hook('other-event', 'EMAIL_READ'),
    hook('disabled', 'EMAIL_RECEIVED', { enabled: false }),
    hook('attachments-only', 'NEW_ATTACHMENT'),
  );
  store.record({ tenantId: T, name: 'email.received', inboxId: INBOX, entityId: 'email-1', occurredAt: at });
  await new WebhookDispatcher(store.ports).dispatchPending();
  assert.deepEqual(store.deliveries.map((d) => d.webhookId).sort(), ['account', 'own-inbox'], 'no attachment, no NEW_ATTACHMENT');
});

test('events no webhook hears are removed a batch at a time, without reading their records or claiming them', async () => {
  const store = fakeStore();
  store.hooks.push(hook('elsewhere', 'EMAIL_RECEIVED', { inboxId: OTHER_INBOX }), hook('read', 'EMAIL_READ', { tenantId: OTHER_T }));
  for (let i = 0; i < 5; i++) store.record({ tenantId: T, name: 'email.received', inboxId: INBOX, entityId: `email-${i}`, occurredAt: at });
  store.record({ tenantId: T, name: 'email.read', inboxId: INBOX, entityId: 'email-0', occurredAt: at });
  const report = await new WebhookDispatcher(store.ports, { batchSize: 4 }).dispatchPending();
  assert.equal(report.events, 6);
  assert.deepEqual(store.pendingIds(), []);
  assert.deepEqual(store.calls, { listeners: 2, discard: 2, claim: 0, enqueue: 0, reads: 0 }, 'per batch: one webhook look-up, one removal');
  assert.equal(store.deliveries.length, 0);
});

test('EMAIL_READ needs no read: ids and the time of the read mark', async () => {
  const store = fakeStore();
  store.hooks.push(hook('read', 'EMAIL_READ'));
  store.record({ tenantId: T, name: 'email.read', inboxId: INBOX, entityId: 'email-9', occurredAt: at });
  await new WebhookDispatcher(store.ports).dispatchPending();
  assert.equal(store.calls.reads, 0);
  const [d] = store.deliveries;
  assert.equal(d!.payload, JSON.stringify({
    messageId: d!.messageId, webhookId: 'read', webhookName: 'hook read', eventName: 'EMAIL_READ',
    ...emailReadEvent({ tenantId: T, inboxId: INBOX, id: 'email-9' }, at).fields,
  }));
  assert.deepEqual(envelope(d!), { messageId: d!.messageId, webhookId: 'read', webhookName: 'hook read', eventName: 'EMAIL_READ', emailId: 'email-9', inboxId: INBOX, emailIsRead: true, createdAt: at.toISOString() });
  assert.equal(d!.emailId, 'email-9');
});

test('NEW_CONTACT: an account event with the contact as the client\'s WebhookNewContactPayload; a contact deleted since fires nothing', async () => {
  const store = fakeStore();
  const contact: ContactRecord = {
    id: 'contact-1', tenantId: T, groupId: null, firstName: 'Ada', lastName: 'Lovelace', company: 'Engines',
    emailAddresses: ['ada@example.com', 'ada@work.example'], tags: ['vip'], metaData: { k: 1 }, optOut: false, createdAt: at,
  };
  store.contacts.set(contact.id, contact);
  store.hooks.push(hook('account', 'NEW_CONTACT', { inboxId: null }), hook('of-inbox', 'NEW_CONTACT'));
  store.record({ tenantId: T, name: 'contact.created', inboxId: null, entityId: 'contact-1', occurredAt: at });
  store.record({ tenantId: T, name: 'contact.created', inboxId: null, entityId: 'contact-gone', occurredAt: at });
  await new WebhookDispatcher(store.ports).dispatchPending();
  assert.equal(store.deliveries.length, 1, 'only the account-wide webhook hears it, and only for the contact still there');
  const payload = envelope(store.deliveries[0]!);
  assert.equal(payload.primaryEmailAddress, 'ada@example.com');
  assert.deepEqual(payload, {
    messageId: store.deliveries[0]!.messageId, webhookId: 'account', webhookName: 'hook account', eventName: 'NEW_CONTACT',
    ...newContactEvent(contact).fields,
  });
  assert.deepEqual(store.pendingIds(), []);
});

test('DELIVERY_STATUS: the status with its sent email\'s subject (read once per send; null once the send is gone)', async () => {
  const store = fakeStore();
  const status = (id: string, sentId: string, recipient: string): DeliveryStatusRecord => ({
    id, tenantId: T, sentId, inboxId: INBOX, recipient, outcome: 'RELAYED', smtpStatusCode: 250, smtpResponse: '250 OK',
    reportingMta: 'relay.example.com', processingMs: 12, createdAt: at,
  });
  store.statuses.set('s-1', status('s-1', 'sent-1', 'a@example.com'));
  store.statuses.set('s-2', status('s-2', 'sent-1', 'b@example.com'));
  store.statuses.set('s-3', status('s-3', 'sent-gone', 'c@example.com'));
  store.sent.set('sent-1', { id: 'sent-1', subject: 'Status' });
  store.hooks.push(hook('status', 'DELIVERY_STATUS'));
  for (const id of ['s-1', 's-2', 's-3']) store.record({ tenantId: T, name: 'delivery-status.created', inboxId: INBOX, entityId: id, occurredAt: at });
  await new WebhookDispatcher(store.ports).dispatchPending();
  const byRecipient = new Map(store.deliveries.map((d) => [(envelope(d).recipients as string[])[0], d]));
  const first = byRecipient.get('a@example.com')!;
  assert.equal(first.payload, JSON.stringify({
    messageId: first.messageId, webhookId: 'status', webhookName: 'hook status', eventName: 'DELIVERY_STATUS',
    ...deliveryStatusEvent(store.statuses.get('s-1')!, 'Status').fields,
  }));
  assert.equal(envelope(byRecipient.get('b@example.com')!).subject, 'Status');
  assert.equal(envelope(byRecipient.get('c@example.com')!).subject, null);
  assert.equal(store.calls.reads, 3 + 2, 'three statuses, two sends');
});

test('EMAIL_OPENED: a pixel of no inbox reaches account-wide webhooks only', async () => {
  const store = fakeStore();
  const pixel: TrackingPixelRecord = {
    id: 'pixel-1', tenantId: T, name: null, recipient: 'someone@example.com', inboxId: null, sentEmailId: null, seen: true, seenAt: at, createdAt: at,
  };
  store.pixels.set(pixel.id, pixel);
  store.hooks.push(hook('inbox', 'EMAIL_OPENED'), hook('account', 'EMAIL_OPENED', { inboxId: null }));
  store.record({ tenantId: T, name: 'email.opened', inboxId: null, entityId: 'pixel-1', occurredAt: at });
  await new WebhookDispatcher(store.ports).dispatchPending();
  assert.deepEqual(store.deliveries.map((d) => [d.webhookId, d.inboxId]), [['account', null]]);
  const [d] = store.deliveries;
  assert.equal(d!.payload, JSON.stringify({
    messageId: d!.messageId, webhookId: 'account', webhookName: 'hook account', eventName: 'EMAIL_OPENED', ...emailOpenedEvent(pixel, at).fields,
  }));
});

test('a bounce: BOUNCE once and BOUNCE_RECIPIENT per recipient, to account-wide webhooks', async () => {
  const store = fakeStore();
  const bounce: BouncedEmailRecord = {
    id: 'bounce-1', tenantId: T, sentId: 'sent-1', notificationType: 'BOUNCE', sender: 'inbox@pigeonhole.test', subject: 'Hi',
    sentTo: ['a@example.com', 'b@example.com'], bounceRecipients: ['b@example.com'], bounceMta: null, bounceType: 'Permanent',
    bounceSubType: 'General', createdAt: at,
  };
  const recipient: BouncedRecipientRecord = {
    id: 'r-1', tenantId: T, bouncedEmailId: 'bounce-1', sentId: 'sent-1', recipient: 'b@example.com', action: 'failed', status: '5.1.1',
    diagnosticCode: null, bounceType: 'Permanent', createdAt: at,
  };
  store.bounces.set('bounce-1', { email: bounce, recipients: [recipient] });
  store.hooks.push(hook('bounce', 'BOUNCE', { inboxId: null }), hook('recipient', 'BOUNCE_RECIPIENT', { inboxId: null }), hook('inbox-bounce', 'BOUNCE'));
  store.record({ tenantId: T, name: 'bounce.recorded', inboxId: null, entityId: 'bounce-1', occurredAt: at });
  await new WebhookDispatcher(store.ports).dispatchPending();
  const [bounceFields, recipientFields] = bounceEvents(bounce, [recipient]).map((e) => e.fields);
  const byHook = new Map(store.deliveries.map((d) => [d.webhookId, d]));
  assert.deepEqual([...byHook.keys()].sort(), ['bounce', 'recipient']);
  assert.equal(byHook.get('bounce')!.payload, JSON.stringify({
    messageId: byHook.get('bounce')!.messageId, webhookId: 'bounce', webhookName: 'hook bounce', eventName: 'BOUNCE', ...bounceFields,
  }));
  assert.deepEqual({ ...envelope(byHook.get('recipient')!), messageId: null }, {
    messageId: null, webhookId: 'recipient', webhookName: 'hook recipient', eventName: 'BOUNCE_RECIPIENT', ...recipientFields,
  });
});

test('an event whose record is gone is dropped and removed; one that cannot be read stays claimed for a later pass', async () => {
  const store = fakeStore();
  store.hooks.push(hook('received', 'EMAIL_RECEIVED'), hook('status', 'DELIVERY_STATUS'));
  const gone = store.record({ tenantId: T, name: 'email.received', inboxId: INBOX, entityId: 'deleted-email', occurredAt: at });
  store.failing.add('s-broken');
  const broken = store.record({ tenantId: T, name: 'delivery-status.created', inboxId: INBOX, entityId: 's-broken', occurredAt: at });
  const report = await new WebhookDispatcher(store.ports).dispatchPending();
  assert.deepEqual(report.dropped.map((e) => e.id), [gone]);
  assert.deepEqual(report.failed.map((f) => [f.event.id, (f.err as Error).message]), [[broken, 'disk on fire']]);
  assert.deepEqual(store.pendingIds(), [broken], 'the unreadable event is kept');
  assert.equal(store.deliveries.length, 0);
  // Still claimed: the next pass leaves it alone until the lease runs out.
  assert.equal((await new WebhookDispatcher(store.ports).dispatchPending()).events, 0);
});

test('events another dispatcher claimed first are left to it', async () => {
  const store = fakeStore();
  store.hooks.push(hook('read', 'EMAIL_READ'));
  const mine = store.record({ tenantId: T, name: 'email.read', inboxId: INBOX, entityId: 'email-1', occurredAt: at });
  const theirs = store.record({ tenantId: T, name: 'email.read', inboxId: INBOX, entityId: 'email-2', occurredAt: at });
  store.takenElsewhere.add(theirs);
  const report = await new WebhookDispatcher(store.ports).dispatchPending();
  assert.equal(report.deliveries, 1);
  assert.deepEqual(store.deliveries.map((d) => [d.eventId, d.emailId]), [[mine, 'email-1']]);
  assert.deepEqual(store.pendingIds(), [theirs]);
});

test('a backlog is dispatched a batch at a time, and claims a killed process left are released', async () => {
  const store = fakeStore();
  store.hooks.push(hook('read', 'EMAIL_READ', { inboxId: null }));
  for (let i = 0; i < 7; i++) store.record({ tenantId: T, name: 'email.read', inboxId: i % 2 ? INBOX : OTHER_INBOX, entityId: `email-${i}`, occurredAt: at });
  // a crashed process's claim
  await store.ports.events.claim(['event-1'], Date.now(), 60_000);
  const dispatcher = new WebhookDispatcher(store.ports, { batchSize: 3 });
  await dispatcher.releaseClaims();
  const report = await dispatcher.dispatchPending();
  assert.equal(report.deliveries, 7);
  assert.deepEqual(store.deliveries.map((d) => d.emailId).sort(), Array.from({ length: 7 }, (_, i) => `email-${i}`));
  assert.equal(store.calls.enqueue, 3);
  assert.deepEqual(store.pendingIds(), []);
});

test('without leases (SQLite) a batch that cannot be read ends the pass instead of being read again and again', async () => {
  const store = fakeStore({ leases: false });
  store.hooks.push(hook('status', 'DELIVERY_STATUS'), hook('read', 'EMAIL_READ'));
  for (const id of ['s-1', 's-2', 's-3']) {
    store.failing.add(id);
    store.record({ tenantId: T, name: 'delivery-status.created', inboxId: INBOX, entityId: id, occurredAt: at });
  }
  store.record({ tenantId: T, name: 'email.read', inboxId: INBOX, entityId: 'email-1', occurredAt: at });
  const dispatcher = new WebhookDispatcher(store.ports, { batchSize: 2 });
  const first = await dispatcher.dispatchPending();
  assert.equal(first.failed.length, 2);
  assert.equal(store.pendingIds().length, 4, 'nothing removed, nothing lost');
  store.failing.clear(); // readable now, and gone: dropped
  const second = await dispatcher.dispatchPending();
  assert.deepEqual([second.dropped.length, second.deliveries], [3, 1]);
  assert.deepEqual(store.pendingIds(), []);
});

test('a stored SMS: NEW_SMS to its number\'s webhooks and account-wide ones, never another number\'s, an inbox\'s or another tenant\'s', async () => {
  const store = fakeStore();
  const message: SmsRecord = {
    id: 'sms-1', tenantId: T, phoneId: 'phone-1', fromNumber: '+12125550100', toNumber: '+15005550006', body: 'Your code is 123456',
    read: false, favourite: false, createdAt: at, updatedAt: at,
  };
  store.sms.set(message.id, message);
  store.hooks.push(
    hook('own-phone', 'NEW_SMS', { inboxId: null, phoneId: 'phone-1' }),
    hook('account', 'NEW_SMS', { inboxId: null }),
    hook('other-phone', 'NEW_SMS', { inboxId: null, phoneId: 'phone-2' }),
    hook('inbox', 'NEW_SMS'),
    hook('other-tenant', 'NEW_SMS', { tenantId: OTHER_T, inboxId: null }),
    hook('email', 'EMAIL_RECEIVED', { inboxId: null }),
  );
  store.record({ tenantId: T, name: 'sms.received', inboxId: null, entityId: 'sms-1', occurredAt: at });
  await new WebhookDispatcher(store.ports).dispatchPending();
  assert.deepEqual(store.deliveries.map((d) => d.webhookId).sort(), ['account', 'own-phone']);
  const payload = envelope(store.deliveries[0]!);
  assert.deepEqual(payload, { messageId: payload.messageId, webhookId: store.deliveries[0]!.webhookId, webhookName: `hook ${store.deliveries[0]!.webhookId}`, eventName: 'NEW_SMS', ...newSmsEvent(message).fields });
  assert.deepEqual(newSmsEvent(message).fields, {
    smsId: 'sms-1', userId: T, phoneNumber: 'phone-1', toNumber: '+15005550006', fromNumber: '+12125550100', body: 'Your code is 123456', read: false, media: [],
  });
  assert.deepEqual(store.pendingIds(), []);
});

test('an SMS event only another number\'s webhook could hear is read, then delivered to nobody', async () => {
  const store = fakeStore();
  store.sms.set('sms-2', {
    id: 'sms-2', tenantId: T, phoneId: 'phone-1', fromNumber: '+12125550100', toNumber: '+15005550006', body: 'hi',
    read: false, favourite: false, createdAt: at, updatedAt: at,
  });
  store.hooks.push(hook('other-phone', 'NEW_SMS', { inboxId: null, phoneId: 'phone-2' }));
  store.record({ tenantId: T, name: 'sms.received', inboxId: null, entityId: 'sms-2', occurredAt: at });
  await new WebhookDispatcher(store.ports).dispatchPending();
  assert.equal(store.deliveries.length, 0);
  assert.deepEqual(store.pendingIds(), []);
});
