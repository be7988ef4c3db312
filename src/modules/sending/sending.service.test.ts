import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { EventName } from '../../events/bus.js';
import type { Relay, RelayResult } from './relay.js';
import { fakeServices, TEST_DOMAIN, type FakeServicesOptions, rejectsWith } from '../../../test/fakes/index.js';

const ALICE = 'tenant-alice';
const BOB = 'tenant-bob';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The Relay port with a scripted answer: every recipient accepted unless listed as refused. */
class StubRelay implements Relay {
  readonly sends: Array<{ envelope: { from: string; to: string[] }; raw: string }> = [];
  constructor(private readonly refused: Record<string, { code: number; response: string }> = {}) {}

  async send(envelope: { from: string; to: string[] }, raw: Buffer): Promise<RelayResult> {
    this.sends.push({ envelope, raw: raw.toString('utf8') });
    return {
      accepted: envelope.to.filter((to) => !this.refused[to]),
      rejected: envelope.to.filter((to) => this.refused[to]).map((recipient) => ({ recipient, ...this.refused[recipient]! })),
      response: '250 2.0.0 queued as 42',
      reportingMta: 'relay.example.net',
    };
  }

  close(): void {}
}

async function setup(options: FakeServicesOptions = {}) {
  const fake = fakeServices(options);
  const { inboxes } = fake.services;
  const sender = await inboxes.create(ALICE, { emailAddress: `sender@${TEST_DOMAIN}`, name: 'Alice Sender' });
  const receiver = await inboxes.create(ALICE, { emailAddress: `receiver@${TEST_DOMAIN}` });
  const events: string[] = [];
  const names: EventName[] = ['email.received', 'delivery-status.created', 'email.sent'];
  for (const name of names) fake.bus.subscribe(name, (e) => events.push(`${name}:${e.inboxId}`));
  return { ...fake, sending: fake.services.sending, sender, receiver, events };
}

describe('delivery', () => {
  test('mail to an inbox of this server arrives in it, and the send records DELIVERED', async () => {
    const { sending, services, sender, receiver, events, clock } = await setup();
    const { sent, statuses } = await sending.send(ALICE, sender.id, {
      to: [`Receiver <RECEIVER@${TEST_DOMAIN}>`], subject: 'Welcome', body: 'Your code is 123456',
    });
    assert.deepEqual(statuses.map((s) => [s.recipient, s.outcome, s.smtpStatusCode]), [[`receiver@${TEST_DOMAIN}`, 'DELIVERED', 250]]);

    const [arrived] = (await services.emails.page(ALICE, { inboxIds: [receiver.id] }, {})).slice.items;
    assert.ok(arrived, 'the receiving inbox has the email');
    const email = await services.emails.get(ALICE, arrived.id);
    assert.equal(email.subject, 'Welcome');
    assert.equal(email.from, `sender@${TEST_DOMAIN}`);
    assert.equal(email.sender?.name, 'Alice Sender', "the inbox's name is the display name");
    assert.match(email.textBody ?? '', /Your code is 123456/);
    assert.equal(email.messageId, sent.messageId);
    assert.deepEqual(email.createdAt, clock.now());
    assert.equal(email.threadId, sent.threadId, 'the receipt and the received copy share a thread');
    assert.deepEqual(events, [
      `email.received:${receiver.id}`, `delivery-status.created:${sender.id}`, `email.sent:${sender.id}`,
    ], 'the email arrives before the send is announced');
  });

  test('without a relay, mail for other domains is captured: recorded, delivered nowhere', async () => {
    const { sending, services, sender, receiver } = await setup();
    const { statuses } = await sending.send(ALICE, sender.id, { to: ['someone@example.com', `receiver@${TEST_DOMAIN}`], subject: 'Hi' });
    const byRecipient = Object.fromEntries(statuses.map((s) => [s.recipient, s.outcome]));
    assert.deepEqual(byRecipient, { 'someone@example.com': 'CAPTURED', [`receiver@${TEST_DOMAIN}`]: 'DELIVERED' });
    assert.equal(await services.emails.count(ALICE, { inboxIds: [receiver.id] }), 1);
    const statusPage = await sending.statuses(ALICE, { inboxId: sender.id }, {});
    assert.equal(statusPage.slice.total, 2, 'every outcome is stored');
  });

  test('with a relay, mail for other domains is relayed; its refusals are FAILED and become bounces', async () => {
    const relay = new StubRelay({ 'gone@example.com': { code: 550, response: '550 5.1.1 No such user' } });
    const { sending, services, sender } = await setup({ relay });
    const { sent, statuses } = await sending.send(ALICE, sender.id, {
      to: ['friend@example.com', `receiver@${TEST_DOMAIN}`], cc: ['gone@example.com'], subject: 'Party',
    });

    assert.equal(relay.sends.length, 1);
    assert.deepEqual(relay.sends[0]!.envelope, { from: `sender@${TEST_DOMAIN}`, to: ['friend@example.com', 'gone@example.com'] },
      'only addresses outside this server go to the relay, from the inbox address');
    assert.match(relay.sends[0]!.raw, /Subject: Party/);
    const outcome = Object.fromEntries(statuses.map((s) => [s.recipient, [s.outcome, s.smtpStatusCode, s.reportingMta]]));
    assert.deepEqual(outcome, {
      [`receiver@${TEST_DOMAIN}`]: ['DELIVERED', 250, 'local'],
      'friend@example.com': ['RELAYED', 250, 'relay.example.net'],
      'gone@example.com': ['FAILED', 550, 'relay.example.net'],
    });

    const recorded = await services.bounces.pageRecipients(ALICE, {});
    assert.deepEqual(recorded.slice.items.map((r) => [r.recipient, r.sentId, r.bounceType, r.status]), [['gone@example.com', sent.id, 'Permanent', '5.1.1']]);

    // filterBouncedRecipients leaves the bounced address out of the next send
    const next = await sending.send(ALICE, sender.id, { to: ['friend@example.com', 'GONE@example.com'], filterBouncedRecipients: true });
    assert.deepEqual(next.statuses.map((s) => s.recipient), ['friend@example.com']);
    await rejectsWith(sending.send(ALICE, sender.id, { to: ['gone@example.com'], filterBouncedRecipients: true }), 'BAD_REQUEST', /bounced before/);
  });

  test('an expired inbox of this server refuses the mail: FAILED 550, nothing stored in it', async () => {
    const { sending, services, sender, clock } = await setup();
    const expiring = await services.inboxes.create(ALICE, { emailAddress: `short-lived@${TEST_DOMAIN}`, expiresIn: 1000 });
    clock.advance(2000);
    const { statuses } = await sending.send(ALICE, sender.id, { to: [expiring.emailAddress] });
    assert.deepEqual(statuses.map((s) => [s.outcome, s.smtpStatusCode, s.reportingMta]), [['FAILED', 550, 'local']]);
    assert.equal(await services.emails.count(ALICE, { inboxIds: [expiring.id] }), 0);
  });

  test('a virtual inbox never delivers, not even to inboxes here, and never calls the relay', async () => {
    const relay = new StubRelay();
    const { sending, services, receiver, events } = await setup({ relay });
    const virtual = await services.inboxes.create(ALICE, { virtualInbox: true });
    const { sent, statuses } = await sending.send(ALICE, virtual.id, { to: [receiver.emailAddress, 'friend@example.com'], body: 'x' });
    assert.equal(sent.virtualSend, true);
    assert.deepEqual(statuses.map((s) => s.outcome), ['VIRTUAL', 'VIRTUAL']);
    assert.equal(relay.sends.length, 0);
    assert.equal(await services.emails.count(ALICE, { inboxIds: [receiver.id] }), 0);
    assert.ok(!events.some((e) => e.startsWith('email.received')));
    assert.equal((await sending.get(ALICE, sent.id)).id, sent.id, 'the receipt is kept all the same');
  });
});

describe('who may send what', () => {
  test('SMTP inboxes only receive', async () => {
    const { sending, services } = await setup();
    const smtp = await services.inboxes.create(ALICE, { inboxType: 'SMTP' });
    await rejectsWith(sending.send(ALICE, smtp.id, { to: ['friend@example.com'] }), 'BAD_REQUEST', /SMTP inboxes can only receive/);
    await rejectsWith(sending.sendTest(ALICE, smtp.id), 'BAD_REQUEST', /SMTP inboxes/);
    assert.equal(await sending.count(ALICE, smtp.id), 0, 'nothing was recorded');
  });

  test("an expired inbox cannot send, nor can another tenant's inbox", async () => {
    const { sending, services, sender, clock } = await setup();
    const expiring = await services.inboxes.create(ALICE, { expiresIn: 1000 });
    clock.advance(1000);
    await rejectsWith(sending.send(ALICE, expiring.id, { to: ['a@example.com'] }), 'BAD_REQUEST', /expired/);
    await rejectsWith(sending.send(BOB, sender.id, { to: ['a@example.com'] }), 'NOT_FOUND');
    await rejectsWith(sending.send(ALICE, 'no-such-inbox', { to: ['a@example.com'] }), 'NOT_FOUND');
  });

  test('recipients are checked: invalid ones refused or filtered, at least one needed, from must be the inbox', async () => {
    const { sending, sender } = await setup();
    await rejectsWith(sending.send(ALICE, sender.id, { to: ['not-an-address'] }), 'BAD_REQUEST', /to has invalid addresses: not-an-address/);
    await rejectsWith(sending.send(ALICE, sender.id, { to: [' ', ''] }), 'BAD_REQUEST', /at least one recipient/);
    await rejectsWith(sending.send(ALICE, sender.id, { to: ['a@example.com'], from: 'someone@else.example' }), 'BAD_REQUEST', /own address/);
    await rejectsWith(sending.send(ALICE, sender.id, { to: ['a@example.com'], charset: 'latin1' }), 'BAD_REQUEST', /charset/);
    await rejectsWith(sending.send(ALICE, sender.id, { to: ['a@example.com'], template: 'welcome' }), 'BAD_REQUEST', /template welcome is not a template of yours/);
    const filtered = await sending.send(ALICE, sender.id, {
      to: ['bad address', 'ok@example.com'], validateEmailAddresses: 'VALIDATE_FILTER_REMOVE_INVALID',
    });
    assert.deepEqual(filtered.statuses.map((s) => s.recipient), ['ok@example.com']);
    assert.equal(await sending.count(ALICE, sender.id), 1, 'refused sends leave no receipt');
  });
});

describe('receipts', () => {
  test('a receipt keeps the body MD5, never the body, and the raw message', async () => {
    const { sending, sender } = await setup();
    const body = '<p>Reset your password: <a href="https://app.example/reset?t=1">here</a></p>';
    const { sent } = await sending.send(ALICE, sender.id, {
      to: ['Bob <Bob@Example.com>'], bcc: ['audit@example.com'], subject: 'Reset', body, isHTML: true, replyTo: 'help@example.com',
      customHeaders: { 'X-Test-Run': '7' },
    });
    const stored = await sending.get(ALICE, sent.id);
    assert.equal(stored.bodyMd5, md5(body));
    assert.ok(!JSON.stringify(stored).includes('Reset your password'), 'the body is not stored');
    assert.equal(stored.isHtml, true);
    assert.equal(stored.subject, 'Reset');
    assert.equal(stored.from, `sender@${TEST_DOMAIN}`);
    assert.equal(stored.replyTo, 'help@example.com');
    assert.deepEqual(stored.recipients.to, [{ emailAddress: 'bob@example.com', name: 'Bob', rawValue: 'Bob <Bob@Example.com>' }]);
    assert.deepEqual(stored.recipients.bcc.map((r) => r.emailAddress), ['audit@example.com']);
    assert.deepEqual(stored.headers, [['X-Test-Run', '7']]);
    const raw = (await sending.raw(ALICE, sent.id)).toString('utf8');
    assert.match(raw, /^X-Test-Run: 7\r$/m);
    assert.doesNotMatch(raw, /audit@example\.com/, 'Bcc is not written into the message');
    assert.equal(stored.sizeBytes, Buffer.byteLength(raw));
  });

  test('receipts are listed per inbox, counted, and deleted; another tenant sees none', async () => {
    const { sending, sender, services, clock } = await setup();
    const other = await services.inboxes.create(ALICE, {});
    const first = await sending.send(ALICE, sender.id, { to: ['a@example.com'], subject: 'one' });
    clock.advance(1000);
    const second = await sending.send(ALICE, sender.id, { to: ['b@example.com'], subject: 'two' });
    await sending.send(ALICE, other.id, { to: ['c@example.com'], subject: 'three' });

    const page = await sending.page(ALICE, { inboxId: sender.id }, { sort: 'DESC' });
    assert.deepEqual(page.slice.items.map((s) => s.id), [second.sent.id, first.sent.id]);
    assert.equal(page.slice.total, 2);
    assert.equal((await sending.page(ALICE, { search: 'THREE' }, {})).slice.total, 1);
    assert.equal(await sending.count(ALICE, sender.id), 2);
    assert.equal((await sending.page(BOB, {}, {})).slice.total, 0);
    await rejectsWith(sending.get(BOB, first.sent.id), 'NOT_FOUND');
    await rejectsWith(sending.page(BOB, { inboxId: sender.id }, {}), 'NOT_FOUND');

    await sending.delete(ALICE, first.sent.id);
    await rejectsWith(sending.get(ALICE, first.sent.id), 'NOT_FOUND');
    await rejectsWith(sending.delete(ALICE, first.sent.id), 'NOT_FOUND');
    assert.equal((await sending.statuses(ALICE, { inboxId: sender.id }, {})).slice.total, 1, 'its statuses went with it');
  });

  test('a reply goes to the Reply-To, prefixes Re: once, and joins the thread', async () => {
    const { sending, services, sender, receiver } = await setup();
    const original = await sending.send(ALICE, sender.id, { to: [receiver.emailAddress], subject: 'Question', replyTo: sender.emailAddress });
    const [received] = (await services.emails.page(ALICE, { inboxIds: [receiver.id] }, {})).slice.items;
    const email = await services.emails.get(ALICE, received!.id);
    const reply = await sending.reply(email, { body: 'Answer' });
    assert.deepEqual(reply.sent.recipients.to.map((r) => r.emailAddress), [sender.emailAddress]);
    assert.equal(reply.sent.subject, 'Re: Question');
    assert.equal(reply.sent.inReplyTo, original.sent.messageId);
    assert.equal(reply.sent.threadId, original.sent.threadId);
    const [answer] = (await services.emails.page(ALICE, { inboxIds: [sender.id] }, {})).slice.items;
    const again = await sending.reply(await services.emails.get(ALICE, answer!.id), { body: 'Thanks' });
    assert.equal(again.sent.subject, 'Re: Question', 'not Re: Re:');
  });
});

describe('attachments', () => {
  test('uploaded attachments are sent with the message, byte for byte, and listed on the receipt', async () => {
    const { sending, services, sender, receiver } = await setup();
    const pdf = Buffer.from('%PDF-1.4\n binary \x00\x01\x02 end');
    const notes = Buffer.from('line one\nline two\n');
    const a = await services.attachments.upload(ALICE, { filename: 'invoice.pdf', content: pdf, contentType: ['application/pdf'] });
    const b = await services.attachments.upload(ALICE, { filename: 'notes.txt', content: notes, contentType: ['text/plain'] });

    const { sent } = await sending.send(ALICE, sender.id, { to: [receiver.emailAddress], subject: 'Files', attachments: [b.id, a.id, ` ${b.id} `] });
    assert.deepEqual(sent.attachmentIds, [b.id, a.id], 'in the order given, once each');

    const [received] = (await services.emails.page(ALICE, { inboxIds: [receiver.id] }, {})).slice.items;
    const attachments = await services.emails.attachments(ALICE, received!.id);
    assert.deepEqual(attachments.map((x) => [x.name, x.contentType]), [['notes.txt', 'text/plain'], ['invoice.pdf', 'application/pdf']]);
    const contents = await Promise.all(attachments.map((x) => services.emails.attachment(ALICE, received!.id, x.id)));
    assert.deepEqual(contents.map((c) => c.content), [notes, pdf]);
  });

  test("unknown attachment ids, and another tenant's, are refused by name before anything is sent", async () => {
    const relay = new StubRelay();
    const { sending, services, sender } = await setup({ relay });
    const bobs = await services.attachments.upload(BOB, { filename: 'bob.txt', content: Buffer.from('bob') });
    await rejectsWith(sending.send(ALICE, sender.id, { to: ['a@example.com'], attachments: ['missing-id', bobs.id] }),
      'BAD_REQUEST', new RegExp(`unknown attachment ids: missing-id, ${bobs.id}`));
    assert.equal(relay.sends.length, 0);
    assert.equal(await sending.count(ALICE, sender.id), 0);
  });
});
