import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Configuration, SentEmailsControllerApi, EmailControllerApi } from 'mailslurp-client';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage, smtpTransport, type SmtpMode } from '../helpers/smtp.js';

const sentApi = (server: TestServer, tenant: Tenant) => new SentEmailsControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
const emailApi = (server: TestServer, tenant: Tenant) => new EmailControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));

/** A nodemailer transport that logs in with the given SMTP login. */
const authTransport = (server: TestServer, login: { user: string; pass: string }, mode: SmtpMode = 'plain') => smtpTransport(server, mode, login);

async function smtpFailure(promise: Promise<unknown>): Promise<{ responseCode?: number; response?: string }> {
  try {
    await promise;
  } catch (err) {
    return err as { responseCode?: number; response?: string };
  }
  throw new Error('expected the SMTP server to refuse');
}

describeEachDialect('SMTP submission with inbox logins', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  let other: Tenant;
  before(async () => {
    server = await startTestServer(dialect);
    tenant = await server.createTenant();
    other = await server.createTenant();
  });
  after(() => server.close());

  const smtpLogin = async (t: Tenant, inboxId?: string) => {
    const access = await t.inboxApi.getSmtpAccess({ inboxId });
    return { user: access.smtpUsername, pass: access.smtpPassword };
  };

  test('getSmtpAccess gives each inbox its own stable login with the ports actually listening', async () => {
    const a = await tenant.mailslurp.createInbox();
    const b = await tenant.mailslurp.createInbox();
    const first = await tenant.inboxApi.getSmtpAccess({ inboxId: a.id });
    assert.equal(first.smtpServerHost, '127.0.0.1');
    assert.equal(first.smtpServerPort, server.server.smtpPort);
    assert.equal(first.secureSmtpServerPort, server.server.smtpSubmissionPort, "the secure port is the submission port (STARTTLS before AUTH)");
    assert.equal(first.mailFromDomain, a.emailAddress.split('@')[1]);
    assert.equal(first.secureSmtpUsername, first.smtpUsername);
    assert.ok(first.smtpPassword.length >= 16, 'a generated password is long');
    assert.deepEqual(await tenant.inboxApi.getSmtpAccess({ inboxId: a.id }), first, 'the same login on every call');
    const ofB = await tenant.inboxApi.getSmtpAccess({ inboxId: b.id });
    assert.notEqual(ofB.smtpUsername, first.smtpUsername);
    const account = await tenant.inboxApi.getSmtpAccess({});
    assert.notEqual(account.smtpUsername, first.smtpUsername);
    assert.equal(account.mailFromDomain ?? null, null, 'the account login has no single domain');
    assert.equal(await statusOf(other.inboxApi.getSmtpAccess({ inboxId: a.id })), 404, "another tenant's inbox is not found");
  });

  for (const mode of ['plain', 'starttls', 'smtps'] as const) {
    test(`AUTH over ${mode} sends from the inbox: a sent record, local delivery byte for byte, capture for the rest`, async () => {
      const a = await tenant.mailslurp.createInbox();
      const b = await tenant.mailslurp.createInbox();
      const raw = rawMessage({ from: a.emailAddress, to: b.emailAddress, subject: `submitted over ${mode}`, body: 'sent with a login' });
      const info = await authTransport(server, await smtpLogin(tenant, a.id), mode).sendMail({
        envelope: { from: a.emailAddress, to: [b.emailAddress, 'blind@example.com'] },
        raw,
      });
      assert.match(info.response, /^250 .*Message sent as [0-9a-f-]{36}/);

      const sentId = /sent as ([0-9a-f-]{36})/.exec(info.response)![1]!;
      const sent = await sentApi(server, tenant).getSentEmail({ id: sentId });
      assert.equal(sent.inboxId, a.id);
      assert.equal(sent.subject, `submitted over ${mode}`);
      assert.deepEqual(sent.to, [b.emailAddress]);
      assert.deepEqual(sent.bcc, ['blind@example.com'], 'an envelope recipient missing from the headers is a blind copy');
      const rawSent = await sentApi(server, tenant).getRawSentEmailJson({ emailId: sentId });
      assert.equal(rawSent.content, raw.toString('utf8'));

      const received = await tenant.inboxApi.getLatestEmailInInbox({ inboxId: b.id, timeoutMillis: 5000 });
      assert.equal(received.subject, `submitted over ${mode}`);
      const stored = await emailApi(server, tenant).getRawEmailJson({ emailId: received.id });
      assert.equal(stored.content, raw.toString('utf8'), 'the message arrives as the client wrote it');

      const statuses = await tenant.fetch(`/sent/${sentId}/delivery-status`).then((r) => r.json()) as { content: Array<{ recipients: string[]; outcome: string }> };
      assert.deepEqual(
        Object.fromEntries(statuses.content.map((s) => [s.recipients[0], s.outcome])),
        { 'blind@example.com': 'CAPTURED', [b.emailAddress]: 'DELIVERED' },
      );
    });
  }

  test('a wrong password is 535 and nothing is sent', async () => {
    const a = await tenant.mailslurp.createInbox();
    const login = await smtpLogin(tenant, a.id);
    const failure = await smtpFailure(authTransport(server, { user: login.user, pass: `${login.pass}x` }).sendMail({
      envelope: { from: a.emailAddress, to: ['x@example.com'] }, raw: rawMessage({ to: 'x@example.com', subject: 's', body: 'b' }),
    }));
    assert.equal(failure.responseCode, 535);
    const unknown = await smtpFailure(authTransport(server, { user: 'nobody-here', pass: 'whatever1' }).sendMail({
      envelope: { from: a.emailAddress, to: ['x@example.com'] }, raw: rawMessage({ to: 'x@example.com', subject: 's', body: 'b' }),
    }));
    assert.equal(unknown.responseCode, 535);
    assert.equal((await tenant.inboxApi.getInboxSentCount({ inboxId: a.id })).totalElements, 0);
  });

  test("an inbox login sends from its inbox only; the account login from any of the tenant's inboxes", async () => {
    const a = await tenant.mailslurp.createInbox();
    const b = await tenant.mailslurp.createInbox();
    const foreign = await other.mailslurp.createInbox();
    const message = rawMessage({ to: 'x@example.com', subject: 's', body: 'b' });

    const asA = authTransport(server, await smtpLogin(tenant, a.id));
    const refused = await smtpFailure(asA.sendMail({ envelope: { from: b.emailAddress, to: ['x@example.com'] }, raw: message }));
    assert.equal(refused.responseCode, 553);
    assert.match(refused.response ?? '', /not allowed/);

    const asAccount = authTransport(server, await smtpLogin(tenant));
    await asAccount.sendMail({ envelope: { from: b.emailAddress, to: ['x@example.com'] }, raw: message });
    assert.equal((await tenant.inboxApi.getInboxSentCount({ inboxId: b.id })).totalElements, 1);
    const cross = await smtpFailure(asAccount.sendMail({ envelope: { from: foreign.emailAddress, to: ['x@example.com'] }, raw: message }));
    assert.equal(cross.responseCode, 553, "never another tenant's inbox");
    assert.equal((await other.inboxApi.getInboxSentCount({ inboxId: foreign.id })).totalElements, 0);
  });

  test('updateSmtpAccess changes the login: the new one works, the old password no longer does', async () => {
    const a = await tenant.mailslurp.createInbox();
    const old = await smtpLogin(tenant, a.id);
    const username = `qa-${Date.now()}`;
    await tenant.inboxApi.updateSmtpAccess({ inboxId: a.id, updateSmtpAccessOptions: { smtpUsername: username, smtpPassword: 'correct horse battery' } });
    const access = await tenant.inboxApi.getSmtpAccess({ inboxId: a.id });
    assert.deepEqual([access.smtpUsername, access.smtpPassword], [username, 'correct horse battery']);

    const message = { envelope: { from: a.emailAddress, to: ['x@example.com'] }, raw: rawMessage({ to: 'x@example.com', subject: 's', body: 'b' }) };
    assert.equal((await smtpFailure(authTransport(server, old).sendMail(message))).responseCode, 535);
    await authTransport(server, { user: username, pass: 'correct horse battery' }).sendMail(message);
    assert.equal((await tenant.inboxApi.getInboxSentCount({ inboxId: a.id })).totalElements, 1);
  });

  test('updateSmtpAccess refuses a taken username (409), a short password and an empty change (400)', async () => {
    const a = await tenant.mailslurp.createInbox();
    const b = await tenant.mailslurp.createInbox();
    const taken = (await tenant.inboxApi.getSmtpAccess({ inboxId: b.id })).smtpUsername;
    const before = await tenant.inboxApi.getSmtpAccess({ inboxId: a.id });
    const attempt = (options: { smtpUsername?: string; smtpPassword?: string }) =>
      tenant.fetch(`/inboxes/smtp-access?inboxId=${a.id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(options) });
    const conflict = await attempt({ smtpUsername: taken });
    assert.equal(conflict.status, 409);
    assert.match(((await conflict.json()) as { message: string }).message, /already taken/);
    const short = await attempt({ smtpPassword: 'short' });
    assert.equal(short.status, 400);
    assert.match(((await short.json()) as { message: string }).message, /smtpPassword/);
    assert.equal((await attempt({})).status, 400);
    assert.deepEqual(await tenant.inboxApi.getSmtpAccess({ inboxId: a.id }), before, 'a refused change changes nothing');
    assert.equal(await statusOf(other.inboxApi.updateSmtpAccess({ inboxId: a.id, updateSmtpAccessOptions: { smtpPassword: 'long enough pw' } })), 404);
  });

  test('without AUTH the session is still an MX: other domains are refused, never relayed', async () => {
    const a = await tenant.mailslurp.createInbox();
    const transport = smtpTransport(server);
    const failure = await smtpFailure(transport.sendMail({ envelope: { from: a.emailAddress, to: ['x@example.com'] }, raw: rawMessage({ to: 'x@example.com', subject: 's', body: 'b' }) }));
    assert.equal(failure.responseCode, 550);
    assert.equal((await tenant.inboxApi.getInboxSentCount({ inboxId: a.id })).totalElements, 0);
  });
});
