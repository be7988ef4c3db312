import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Configuration, SpamEmailControllerApi } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage, smtpTransport } from '../helpers/smtp.js';
import { SpamdClient } from '../../src/modules/spam/spamd-client.js';
import { findSpamd, SpamdSupervisor } from '../../src/modules/spam/spamd-supervisor.js';

/**
 * Spam scores by the real SpamAssassin: one spamd for the file, supervised as PIGEONHOLE_SPAMD=auto
 * would, which both dialects' servers reach as an operator's spamd (PIGEONHOLE_SPAMD=host:port).
 * Mail comes in over SMTP and is scored by the inbound job; the score route reads or measures it.
 */
const GTUBE = 'XJS*C4JDBQADN1.NSBN3*2IDNEN*GTUBE-STANDARD-ANTI-UBE-TEST-EMAIL*C.34X';

const spamd = new SpamdSupervisor({
  executable: findSpamd(process.env.PATH), client: new SpamdClient({ timeoutMs: 10_000, concurrency: 2 }), maxChildren: 2,
  runAsRoot: process.getuid?.() === 0,
});
before(async () => {
  assert.ok(findSpamd(process.env.PATH), 'spamd is installed (Debian package spamassassin)');
  spamd.start();
  await spamd.ready();
});
after(() => spamd.stop());

interface Score { score: number; threshold: number; requiredScore: number; spam: boolean; rules: Array<{ name: string; score: number; description: string | null }>; checkedAt: string }

describeEachDialect('spam scores', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  before(async () => {
    const state = spamd.state();
    assert.equal(state.kind, 'ready');
    const { host, port } = (state as { address: { host: string; port: number } }).address;
    server = await startTestServer(dialect, { env: { PIGEONHOLE_SPAMD: `${host}:${port}`, PIGEONHOLE_SPAM_CHECK_INBOUND: 'true', PIGEONHOLE_SPAM_THRESHOLD: '5' } });
    alice = await server.createTenant();
  });
  after(() => server.close());

  const spamApi = (tenant: Tenant) => new SpamEmailControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));

  async function receive(inboxAddress: string, subject: string, body: string): Promise<string> {
    await smtpTransport(server).sendMail({ envelope: { from: 'sender@example.com', to: [inboxAddress] }, raw: rawMessage({ to: inboxAddress, subject, body }) });
    // the 250 came after the store, which planned the scoring job; wait for the worker to run it
    await server.server.automationJobs.settled();
    const emails = await alice.mailslurp.emailController.getEmailsPaginated({ searchFilter: subject });
    assert.equal(emails.content!.length, 1);
    return emails.content![0]!.id;
  }

  test('GTUBE over SMTP is scored at once by the inbound job, over the threshold, and listed by getAllSpamEmails', async () => {
    const inbox = await alice.mailslurp.createInbox();
    const emailId = await receive(inbox.emailAddress!, 'gtube test', `Hello,\r\n\r\n${GTUBE}\r\n`);
    const spam = await spamApi(alice).getAllSpamEmails({ inboxId: inbox.id });
    assert.equal(spam.totalElements, 1);
    assert.equal(spam.content![0]!.id, emailId);
    assert.equal(spam.content![0]!.subjectSnippet, 'gtube test');
    const stored = await server.server.store.repos.spamScores.find(alice.userId, emailId);
    assert.ok(stored, 'the job stored the score');
    assert.ok(stored.score >= 1000, `GTUBE scores 1000 and more, got ${stored.score}`);

    const response = await alice.fetch(`/emails/${emailId}/spam-score`);
    assert.equal(response.status, 200);
    const score = (await response.json()) as Score;
    assert.equal(score.score, stored.score);
    assert.equal(score.spam, true);
    assert.equal(score.threshold, 5);
    assert.equal(score.requiredScore, 5);
    const gtube = score.rules.find((r) => r.name === 'GTUBE');
    assert.deepEqual(gtube, { name: 'GTUBE', score: 1000, description: 'BODY: Generic Test for Unsolicited Bulk Email' });
    assert.equal(score.checkedAt, stored.checkedAt.toISOString(), 'the stored score is answered, not a new one');

    const again = (await (await alice.fetch(`/emails/${emailId}/spam-score?recheck=true`)).json()) as Score;
    assert.ok(Date.parse(again.checkedAt) >= Date.parse(score.checkedAt));
    assert.equal((await spamApi(alice).getAllSpamEmails({ inboxId: inbox.id })).totalElements, 1, 'scored twice, recorded once');
  });

  test('a plain message scores under the threshold and is not listed', async () => {
    const inbox = await alice.mailslurp.createInbox();
    const emailId = await receive(inbox.emailAddress!, 'Minutes of Tuesday', 'Hi team,\r\n\r\nthe minutes of Tuesday\'s meeting are in the shared folder.\r\n\r\nRegards,\r\nSam\r\n');
    const score = (await (await alice.fetch(`/emails/${emailId}/spam-score`)).json()) as Score;
    assert.ok(score.score < 5, `a plain message scores low, got ${score.score}`);
    assert.equal(score.spam, false);
    assert.ok(!score.rules.some((r) => r.name === 'GTUBE'));
    assert.equal((await spamApi(alice).getAllSpamEmails({ inboxId: inbox.id })).totalElements, 0);
  });

  test('an unknown email is a 404 and a bad id a 400', async () => {
    assert.equal((await alice.fetch('/emails/6f1c3a52-5f53-4a0e-9d3e-2a0f4f7d2b11/spam-score')).status, 404);
    assert.equal((await alice.fetch('/emails/not-an-id/spam-score')).status, 400);
    assert.equal((await alice.fetch('/emails/6f1c3a52-5f53-4a0e-9d3e-2a0f4f7d2b11/spam-score?recheck=maybe')).status, 400);
  });
});

describeEachDialect('spam scores with PIGEONHOLE_SPAMD=off', (dialect) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(dialect, { env: { PIGEONHOLE_SPAMD: 'off' } });
  });
  after(() => server.close());

  test('the score route is a 503 naming the setting, and nothing is listed', async () => {
    const alice = await server.createTenant();
    const inbox = await alice.mailslurp.createInbox();
    await smtpTransport(server).sendMail({ envelope: { from: 'sender@example.com', to: [inbox.emailAddress!] }, raw: rawMessage({ to: inbox.emailAddress!, subject: 'gtube', body: GTUBE }) });
    const email = await alice.mailslurp.waitForLatestEmail(inbox.id, 10_000);
    const response = await alice.fetch(`/emails/${email.id}/spam-score`);
    assert.equal(response.status, 503);
    assert.match(((await response.json()) as { message: string }).message, /PIGEONHOLE_SPAMD=off/);
    const { items } = await server.server.store.repos.automationJobs.page(alice.userId, { kinds: ['spam-score'] }, { page: 0, size: 10, sort: 'ASC' });
    assert.equal(items.length, 0, 'no inbound job without the inbound check');
  });
});
