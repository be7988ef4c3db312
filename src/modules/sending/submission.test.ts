import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeServices, TEST_DOMAIN } from '../../../test/fakes/index.js';
import type { MailLogin } from '../access/access.service.js';
import { SmtpSubmission, SubmissionRefused } from './submission.js';

const ALICE = 'tenant-alice';
const BOB = 'tenant-bob';

const raw = (from: string, to: string[], subject: string) =>
  Buffer.from([`From: ${from}`, `To: ${to.join(', ')}`, `Subject: ${subject}`, 'Message-ID: <m@example.com>', '', 'body', ''].join('\r\n'));

async function setup() {
  const fake = fakeServices();
  const { inboxes, access, ingest, sending } = fake.services;
  const http = await inboxes.create(ALICE, { emailAddress: `http@${TEST_DOMAIN}` });
  const smtpA = await inboxes.create(ALICE, { emailAddress: `smtp-a@${TEST_DOMAIN}`, inboxType: 'SMTP_INBOX' });
  const smtpB = await inboxes.create(ALICE, { emailAddress: `smtp-b@${TEST_DOMAIN}`, inboxType: 'SMTP_INBOX' });
  const bobs = await inboxes.create(BOB, { emailAddress: `bob@${TEST_DOMAIN}` });
  const account: MailLogin = { tenantId: ALICE, inboxId: null, username: 'smtp-account' };
  const received = async (inboxId: string, tenantId = ALICE) => (await fake.services.emails.page(tenantId, { inboxIds: [inboxId] }, {})).slice.items.map((e) => e.subject);
  return { ...fake, submission: new SmtpSubmission(access, ingest, sending), http, smtpA, smtpB, bobs, account, received };
}

/** The refusal addRecipient throws, as [code, message]. */
async function refusalOf(promise: Promise<unknown>): Promise<[number, string]> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof SubmissionRefused, String(err));
    return [err.code, err.message];
  }
  throw new Error('expected a refusal');
}

test('from an SMTP inbox to an SMTP inbox: delivered as MX mail, no send recorded', async () => {
  const { submission, smtpA, smtpB, account, received, services } = await setup();
  const envelope = await submission.start(account, smtpA.emailAddress);
  await submission.addRecipient(envelope, smtpB.emailAddress.toUpperCase());
  assert.equal(await submission.complete(envelope, raw(smtpA.emailAddress, [smtpB.emailAddress], 'smtp to smtp')), 'Message stored in 1 inbox');
  assert.deepEqual(await received(smtpB.id), ['smtp to smtp']);
  assert.equal(await services.sending.count(ALICE, smtpA.id), 0);
});

test('MAIL FROM that is no inbox of the login, or of another tenant: local inboxes (any tenant) still receive, outside addresses are 553', async () => {
  const { submission, smtpB, bobs, account, received } = await setup();
  for (const from of ['stranger@example.com', bobs.emailAddress, '']) {
    const envelope = await submission.start(account, from);
    await submission.addRecipient(envelope, smtpB.emailAddress);
    const [code, message] = await refusalOf(submission.addRecipient(envelope, 'outside@example.com'));
    assert.equal(code, 553);
    assert.match(message, /not allowed to send to outside addresses/);
    await submission.complete(envelope, raw(from || 'x@example.com', [smtpB.emailAddress], `from ${from || '<>'}`));
  }
  assert.equal((await received(smtpB.id)).length, 3);
  const toBob = await submission.start(account, 'stranger@example.com');
  await submission.addRecipient(toBob, bobs.emailAddress);
  await submission.complete(toBob, raw('stranger@example.com', [bobs.emailAddress], 'to another tenant'));
  assert.deepEqual(await received(bobs.id, BOB), ['to another tenant'], 'an MX delivers to any tenant, so does a login');
});

test("an inbox login may deliver locally from another address, but sends outside only from its inbox", async () => {
  const { submission, http, smtpB, received } = await setup();
  const login: MailLogin = { tenantId: ALICE, inboxId: smtpB.id, username: 'smtp-b' };
  const envelope = await submission.start(login, http.emailAddress);
  await submission.addRecipient(envelope, smtpB.emailAddress);
  assert.match((await refusalOf(submission.addRecipient(envelope, 'outside@example.com')))[1], /sends from its inbox only/);
  await submission.complete(envelope, raw(http.emailAddress, [smtpB.emailAddress], 'self'));
  assert.deepEqual(await received(smtpB.id), ['self']);
});

test('an SMTP inbox sender: outside recipients are 550 (SMTP inboxes only receive); an expired local inbox is 550', async () => {
  const { submission, smtpA, smtpB, account, services, clock } = await setup();
  const envelope = await submission.start(account, smtpA.emailAddress);
  const [code, message] = await refusalOf(submission.addRecipient(envelope, 'outside@example.com'));
  assert.equal(code, 550);
  assert.match(message, /SMTP inboxes can only receive/);
  await services.inboxes.update(ALICE, smtpB.id, { expiresAt: new Date(clock.now().getTime() + 1000) });
  clock.advance(2000);
  const [expiredCode, expired] = await refusalOf(submission.addRecipient(envelope, smtpB.emailAddress));
  assert.equal(expiredCode, 550);
  assert.match(expired, /expired/);
});

test('an HTTP inbox of the login sends: a mixed list is one send, local DELIVERED and outside CAPTURED', async () => {
  const { submission, http, smtpB, account, received, services } = await setup();
  const envelope = await submission.start(account, http.emailAddress);
  await submission.addRecipient(envelope, smtpB.emailAddress);
  await submission.addRecipient(envelope, 'outside@example.com');
  const reply = await submission.complete(envelope, raw(http.emailAddress, [smtpB.emailAddress, 'outside@example.com'], 'mixed'));
  const sentId = /^Message sent as (.+)$/.exec(reply)?.[1];
  assert.ok(sentId, reply);
  assert.deepEqual(await received(smtpB.id), ['mixed']);
  const statuses = (await services.sending.statuses(ALICE, { sentId }, {})).slice.items;
  assert.deepEqual(Object.fromEntries(statuses.map((s) => [s.recipient, s.outcome])), { [smtpB.emailAddress]: 'DELIVERED', 'outside@example.com': 'CAPTURED' });
});
