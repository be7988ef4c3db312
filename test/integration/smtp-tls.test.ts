import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import selfsigned from 'selfsigned';
import { Configuration, SentEmailsControllerApi, type ImapSmtpAccessDetails } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';

const run = promisify(execFile);
const REPO_ROOT = new URL('../..', import.meta.url).pathname;

/** The EHLO reply of an SMTP port, read over a bare socket: which extensions it offers. */
async function ehloExtensions(port: number): Promise<string[]> {
  const socket = net.connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  let buffer = '';
  const replyEnding = (code: string) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const lines = buffer.split('\r\n');
        const last = lines.findIndex((line) => line.startsWith(`${code} `));
        if (last === -1) return;
        const reply = lines.slice(0, last + 1).join('\n');
        buffer = lines.slice(last + 1).join('\r\n');
        socket.off('data', onData);
        socket.off('error', reject);
        resolve(reply);
      };
      const onData = (chunk: string) => {
        buffer += chunk;
        check();
      };
      socket.on('data', onData);
      socket.once('error', reject);
      check();
    });
  try {
    await replyEnding('220');
    socket.write('EHLO client.example\r\n');
    const reply = await replyEnding('250');
    socket.write('QUIT\r\n');
    return reply.split('\n').slice(1).map((line) => line.slice(4).split(' ')[0]!.toUpperCase());
  } finally {
    socket.end();
  }
}

/** What nodemailer's sendMail rejects with. */
async function smtpFailure(promise: Promise<unknown>): Promise<{ code?: string; responseCode?: number; response?: string; message: string }> {
  try {
    await promise;
  } catch (err) {
    return err as { code?: string; responseCode?: number; response?: string; message: string };
  }
  throw new Error('expected sending to fail');
}

const quiet = () => {};
const quietLogger = { debug: quiet, info: quiet, warn: quiet, error: quiet };

describeEachDialect('SMTP ports, TLS and the local CA', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  let ca: string;
  before(async () => {
    server = await startTestServer(dialect);
    tenant = await server.createTenant();
    const response = await server.fetch('/tls/ca.pem', { key: null });
    assert.equal(response.status, 200);
    ca = await response.text();
  });
  after(() => server.close());

  const sentApi = () => new SentEmailsControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
  const smtpInbox = () => tenant.inboxApi.createInbox({ inboxType: 'SMTP_INBOX' as never });

  test('GET /tls/ca.pem serves the CA certificate without a key, never a private key', async () => {
    const response = await server.fetch('/tls/ca.pem', { key: null });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/x-pem-file/);
    const pem = await response.text();
    assert.match(pem, /^-----BEGIN CERTIFICATE-----/);
    assert.doesNotMatch(pem, /PRIVATE KEY/);
    const certificate = new X509Certificate(pem);
    assert.equal(certificate.ca, true);
    assert.match(certificate.subject, /Pigeonhole local CA/);
  });

  test('nodemailer with its default options sends on the plain port (no STARTTLS offered), with and without a login', async () => {
    assert.ok(!(await ehloExtensions(server.server.smtpPort)).includes('STARTTLS'), 'the plain port offers no STARTTLS without a configured certificate');
    const b = await tenant.mailslurp.createInbox();
    const access = await tenant.inboxApi.getImapSmtpAccess({});
    assert.equal(access.smtpServerPort, server.server.smtpPort);

    // As a sender from outside: the MX path.
    const anonymous = nodemailer.createTransport({ host: access.smtpServerHost, port: access.smtpServerPort });
    const info = await anonymous.sendMail({ from: 'someone@example.com', to: b.emailAddress, subject: 'defaults, no login', text: 'hello' });
    assert.match(info.response, /^250 /);

    // With the login, as the README's snippet does.
    const a = await tenant.mailslurp.createInbox();
    const login = nodemailer.createTransport({ host: access.smtpServerHost, port: access.smtpServerPort, auth: { user: access.smtpUsername, pass: access.smtpPassword } });
    await login.sendMail({ from: a.emailAddress, to: b.emailAddress, subject: 'defaults, logged in', text: 'hello again' });

    const subjects = (await tenant.inboxApi.getEmails({ inboxId: b.id, minCount: 2, retryTimeout: 5000 })).map((e) => e.subject).sort();
    assert.deepEqual(subjects, ['defaults, logged in', 'defaults, no login']);
  });

  test('the reported secure port greets in plain text, requires STARTTLS before AUTH, and verifies against the CA with secure: false', async () => {
    const a = await tenant.mailslurp.createInbox();
    const b = await tenant.mailslurp.createInbox();
    const access = await tenant.inboxApi.getImapSmtpAccess({ inboxId: a.id });
    assert.equal(access.secureSmtpServerPort, server.server.smtpSubmissionPort);
    assert.ok((await ehloExtensions(access.secureSmtpServerPort)).includes('STARTTLS'));
    const options = {
      host: access.secureSmtpServerHost, port: access.secureSmtpServerPort, secure: false,
      auth: { user: access.secureSmtpUsername, pass: access.secureSmtpPassword },
    };
    const message = { from: a.emailAddress, to: b.emailAddress, subject: 'over the secure port', text: 'verified' };

    const info = await nodemailer.createTransport({ ...options, tls: { ca } }).sendMail(message);
    assert.match(info.response, /^250 .*Message sent as/);
    assert.equal((await tenant.inboxApi.getLatestEmailInInbox({ inboxId: b.id, timeoutMillis: 5000 })).subject, 'over the secure port');

    const noTls = await smtpFailure(nodemailer.createTransport({ ...options, ignoreTLS: true }).sendMail(message));
    assert.equal(noTls.responseCode, 538, 'AUTH before STARTTLS is refused');
    const untrusted = await smtpFailure(nodemailer.createTransport(options).sendMail(message));
    assert.match(untrusted.message, /certificate/, 'without the CA the certificate check fails: the check is real');
  });

  test('implicit TLS stays on its own port, verified against the CA', async () => {
    const a = await tenant.mailslurp.createInbox();
    const b = await tenant.mailslurp.createInbox();
    const access = await tenant.inboxApi.getSmtpAccess({ inboxId: a.id });
    const servers = await tenant.inboxApi.getImapSmtpAccessServers();
    assert.deepEqual(servers.secureSmtpServer.altPorts, [server.server.smtpsPort]);
    const transport = nodemailer.createTransport({
      host: 'localhost', port: server.server.smtpsPort, secure: true, tls: { ca },
      auth: { user: access.secureSmtpUsername, pass: access.secureSmtpPassword },
    });
    await transport.sendMail({ from: a.emailAddress, to: b.emailAddress, subject: 'implicit TLS', text: 'verified by name' });
    assert.equal((await tenant.inboxApi.getLatestEmailInInbox({ inboxId: b.id, timeoutMillis: 5000 })).subject, 'implicit TLS');
  });

  test('NODE_EXTRA_CA_CERTS makes nodemailer in another process trust the server with no tls option', async () => {
    const a = await tenant.mailslurp.createInbox();
    const b = await tenant.mailslurp.createInbox();
    const access = await tenant.inboxApi.getImapSmtpAccess({ inboxId: a.id });
    const dir = mkdtempSync(join(tmpdir(), 'pigeonhole-ca-'));
    try {
      const caFile = join(dir, 'pigeonhole-ca.pem');
      writeFileSync(caFile, ca);
      const script = `
        import nodemailer from 'nodemailer';
        const e = process.env;
        const transport = nodemailer.createTransport({ host: e.HOST, port: Number(e.PORT), secure: false, auth: { user: e.USER_NAME, pass: e.PASS } });
        const info = await transport.sendMail({ from: e.FROM, to: e.TO, subject: 'trusted through NODE_EXTRA_CA_CERTS', text: 'ok' });
        console.log(info.response);`;
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH ?? '', NODE_EXTRA_CA_CERTS: caFile,
          HOST: access.secureSmtpServerHost, PORT: String(access.secureSmtpServerPort),
          USER_NAME: access.secureSmtpUsername, PASS: access.secureSmtpPassword, FROM: a.emailAddress, TO: b.emailAddress,
        },
      });
      assert.match(stdout, /^250 /);
      assert.equal((await tenant.inboxApi.getLatestEmailInInbox({ inboxId: b.id, timeoutMillis: 5000 })).subject, 'trusted through NODE_EXTRA_CA_CERTS');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('imapflow with certificate checks on (tls.ca) logs in and reads an inbox, over IMAPS and STARTTLS', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    await nodemailer.createTransport({ host: '127.0.0.1', port: server.server.smtpPort })
      .sendMail({ from: 'sender@example.com', to: inbox.emailAddress, subject: 'read me over IMAP', text: 'over verified TLS' });
    const access = await tenant.inboxApi.getImapSmtpAccess({ inboxId: inbox.id });
    for (const secure of [true, false]) {
      const client = new ImapFlow({
        host: secure ? access.secureImapServerHost : access.imapServerHost,
        port: secure ? access.secureImapServerPort : access.imapServerPort,
        secure,
        auth: { user: access.imapUsername, pass: access.imapPassword },
        tls: { ca },
        logger: quietLogger,
      });
      await client.connect();
      try {
        assert.equal(client.secureConnection, true, secure ? 'implicit TLS' : 'upgraded with STARTTLS');
        const mailbox = await client.mailboxOpen(access.imapMailbox);
        assert.equal(mailbox.exists, 1);
        const message = await client.fetchOne('1', { envelope: true, source: true });
        assert.ok(message);
        assert.equal(message.envelope?.subject, 'read me over IMAP');
        assert.match(message.source?.toString('utf8') ?? '', /over verified TLS/);
      } finally {
        await client.logout();
      }
    }
    const untrusted = new ImapFlow({
      host: '127.0.0.1', port: server.server.imapsPort, secure: true, auth: { user: access.imapUsername, pass: access.imapPassword }, logger: quietLogger,
    });
    await assert.rejects(untrusted.connect(), /certificate/, 'without the CA imapflow refuses: the check is on');
  });

  describe('logins deliver to inboxes of this server whatever the inbox type or MAIL FROM', () => {
    test('the account login sends from SMTP inbox A to SMTP inbox B: B receives it, A records no send', async () => {
      const a = await smtpInbox();
      const b = await smtpInbox();
      const access = await tenant.inboxApi.getImapSmtpAccess({});
      const transport = nodemailer.createTransport({
        host: access.secureSmtpServerHost, port: access.secureSmtpServerPort, secure: false, tls: { ca },
        auth: { user: access.secureSmtpUsername, pass: access.secureSmtpPassword },
      });
      const info = await transport.sendMail({ from: a.emailAddress, to: b.emailAddress, subject: 'SMTP inbox to SMTP inbox', text: 'delivered' });
      assert.match(info.response, /^250 .*stored in 1 inbox/);
      const received = await tenant.inboxApi.getLatestEmailInInbox({ inboxId: b.id!, timeoutMillis: 5000 });
      assert.equal(received.subject, 'SMTP inbox to SMTP inbox');
      assert.equal(received.from, a.emailAddress);
      assert.equal((await tenant.inboxApi.getInboxSentCount({ inboxId: a.id! })).totalElements, 0, 'a delivery, not a send');
    });

    test("an inbox login, or a MAIL FROM that is none of the login's inboxes, still delivers to local inboxes", async () => {
      const a = await smtpInbox();
      const b = await smtpInbox();
      const c = await tenant.mailslurp.createInbox();
      const inboxLogin = await tenant.inboxApi.getSmtpAccess({ inboxId: a.id! });
      const account = await tenant.inboxApi.getSmtpAccess({});
      const send = (login: { smtpUsername: string; smtpPassword: string }, from: string, to: string, subject: string) =>
        nodemailer.createTransport({ host: '127.0.0.1', port: server.server.smtpPort, auth: { user: login.smtpUsername, pass: login.smtpPassword } })
          .sendMail({ from, to, subject, text: subject });
      await send(inboxLogin, a.emailAddress, b.emailAddress, 'from the inbox login');
      await send(inboxLogin, c.emailAddress, b.emailAddress, "MAIL FROM another of the tenant's inboxes");
      await send(account, 'someone@elsewhere.example', b.emailAddress, 'MAIL FROM an outside address');
      const subjects = (await tenant.inboxApi.getEmails({ inboxId: b.id!, minCount: 3, retryTimeout: 5000 })).map((e) => e.subject).sort();
      assert.deepEqual(subjects, ["MAIL FROM an outside address", "MAIL FROM another of the tenant's inboxes", 'from the inbox login'].sort());
    });

    test('a mixed recipient list from an HTTP inbox: the local inbox receives, the outside address is sent by the usual rules (captured)', async () => {
      const a = await tenant.mailslurp.createInbox();
      const b = await smtpInbox();
      const access = await tenant.inboxApi.getImapSmtpAccess({});
      const info = await nodemailer.createTransport({
        host: access.smtpServerHost, port: access.smtpServerPort, auth: { user: access.smtpUsername, pass: access.smtpPassword },
      }).sendMail({ from: a.emailAddress, to: [b.emailAddress!, 'outside@example.com'], subject: 'mixed from HTTP', text: 'both' });
      assert.deepEqual(info.rejected, []);
      const sentId = /sent as ([0-9a-f-]{36})/.exec(info.response)?.[1];
      assert.ok(sentId, info.response);
      assert.equal((await tenant.inboxApi.getLatestEmailInInbox({ inboxId: b.id!, timeoutMillis: 5000 })).subject, 'mixed from HTTP');
      const statuses = (await (await tenant.fetch(`/sent/${sentId}/delivery-status`)).json()) as { content: Array<{ recipients: string[]; outcome: string }> };
      assert.deepEqual(
        Object.fromEntries(statuses.content.map((s) => [s.recipients[0], s.outcome])),
        { [b.emailAddress!]: 'DELIVERED', 'outside@example.com': 'CAPTURED' },
      );
      assert.equal((await sentApi().getSentEmail({ id: sentId })).inboxId, a.id);
    });

    test('a mixed recipient list from an SMTP inbox: the local inbox receives, the outside address is refused (SMTP inboxes only receive)', async () => {
      const a = await smtpInbox();
      const b = await smtpInbox();
      const access = await tenant.inboxApi.getImapSmtpAccess({});
      const info = await nodemailer.createTransport({
        host: access.smtpServerHost, port: access.smtpServerPort, auth: { user: access.smtpUsername, pass: access.smtpPassword },
      }).sendMail({ from: a.emailAddress, to: [b.emailAddress!, 'outside@example.com'], subject: 'mixed from SMTP', text: 'local only' });
      assert.deepEqual(info.accepted, [b.emailAddress]);
      assert.deepEqual(info.rejected, ['outside@example.com']);
      const refusal = (info as unknown as { rejectedErrors?: Array<{ responseCode?: number; response?: string }> }).rejectedErrors?.[0];
      assert.equal(refusal?.responseCode, 550);
      assert.match(refusal?.response ?? '', /SMTP inboxes can only receive/);
      assert.equal((await tenant.inboxApi.getLatestEmailInInbox({ inboxId: b.id!, timeoutMillis: 5000 })).subject, 'mixed from SMTP');
      assert.equal((await tenant.inboxApi.getInboxSentCount({ inboxId: a.id! })).totalElements, 0);
    });
  });

  test("imapMailbox: INBOX for an inbox login; for the account login the oldest inbox's folder, which a client can select", async () => {
    const fresh = await server.createTenant();
    const none = await fresh.inboxApi.getImapSmtpAccess({});
    assert.equal(none.imapMailbox, 'INBOX', 'an account without inboxes: INBOX, never empty');
    const first = await fresh.mailslurp.createInbox();
    const second = await fresh.mailslurp.createInbox();
    const inboxLogin: ImapSmtpAccessDetails = await fresh.inboxApi.getImapSmtpAccess({ inboxId: second.id });
    assert.equal(inboxLogin.imapMailbox, 'INBOX');
    const account = await fresh.inboxApi.getImapSmtpAccess({});
    assert.equal(account.imapMailbox, first.emailAddress);
    assert.equal((await fresh.inboxApi.getImapAccess({})).imapMailbox, first.emailAddress);
    assert.match(await fresh.inboxApi.getImapSmtpAccessEnv({}), new RegExp(`^IMAP_MAILBOX=${first.emailAddress.replace(/[.+]/g, '\\$&')}$`, 'm'));

    await nodemailer.createTransport({ host: '127.0.0.1', port: server.server.smtpPort })
      .sendMail({ from: 'sender@example.com', to: first.emailAddress, subject: 'in the first inbox', text: 'x' });
    const client = new ImapFlow({
      host: account.secureImapServerHost, port: account.secureImapServerPort, secure: true, tls: { ca },
      auth: { user: account.secureImapUsername, pass: account.secureImapPassword }, logger: quietLogger,
    });
    await client.connect();
    try {
      const mailbox = await client.mailboxOpen(account.imapMailbox);
      assert.equal(mailbox.exists, 1);
      const message = await client.fetchOne('1', { envelope: true });
      assert.ok(message);
      assert.equal(message.envelope?.subject, 'in the first inbox');
    } finally {
      await client.logout();
    }
  });
});

/** A CA of the test's own and a certificate it signs for 127.0.0.1: what an operator configures. */
async function operatorCertificate(dir: string) {
  const ca = await selfsigned.generate([{ name: 'commonName', value: 'Operator test CA' }], {
    keySize: 2048, algorithm: 'sha256', extensions: [{ name: 'basicConstraints', cA: true, critical: true }, { name: 'keyUsage', keyCertSign: true, digitalSignature: true, critical: true }],
  });
  const leaf = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048, algorithm: 'sha256', ca: { cert: ca.cert, key: ca.private },
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] }],
  });
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  writeFileSync(certFile, leaf.cert);
  writeFileSync(keyFile, leaf.private);
  return { ca: ca.cert, certFile, keyFile };
}

describeEachDialect('STARTTLS on the plain SMTP port', (dialect) => {
  test('a configured certificate replaces the local CA: the plain port offers STARTTLS with it, GET /tls/ca.pem is 404', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pigeonhole-operator-tls-'));
    const operator = await operatorCertificate(dir);
    const server = await startTestServer(dialect, { env: { PIGEONHOLE_TLS_CERT: operator.certFile, PIGEONHOLE_TLS_KEY: operator.keyFile } });
    try {
      const tenant = await server.createTenant();
      const inbox = await tenant.mailslurp.createInbox();
      assert.ok((await ehloExtensions(server.server.smtpPort)).includes('STARTTLS'));
      const transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.server.smtpPort, requireTLS: true, tls: { ca: operator.ca } });
      await transport.sendMail({ from: 'sender@example.com', to: inbox.emailAddress, subject: 'upgraded with the operator certificate', text: 'x' });
      assert.equal((await tenant.inboxApi.getLatestEmailInInbox({ inboxId: inbox.id, timeoutMillis: 5000 })).subject, 'upgraded with the operator certificate');

      const response = await server.fetch('/tls/ca.pem', { key: null });
      assert.equal(response.status, 404);
      assert.match(((await response.json()) as { message: string }).message, /PIGEONHOLE_TLS_CERT/);
      assert.equal(existsSync(join(server.config.dataDir, 'tls', 'ca.pem')), false, 'no local CA is made');
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('PIGEONHOLE_SMTP_STARTTLS=true offers STARTTLS on the plain port with the local CA', async () => {
    const server = await startTestServer(dialect, { env: { PIGEONHOLE_SMTP_STARTTLS: 'true' } });
    try {
      const tenant = await server.createTenant();
      const inbox = await tenant.mailslurp.createInbox();
      assert.ok((await ehloExtensions(server.server.smtpPort)).includes('STARTTLS'));
      const ca = await (await server.fetch('/tls/ca.pem', { key: null })).text();
      await nodemailer.createTransport({ host: '127.0.0.1', port: server.server.smtpPort, requireTLS: true, tls: { ca } })
        .sendMail({ from: 'sender@example.com', to: inbox.emailAddress, subject: 'upgraded on the plain port', text: 'x' });
      assert.equal((await tenant.inboxApi.getLatestEmailInInbox({ inboxId: inbox.id, timeoutMillis: 5000 })).subject, 'upgraded on the plain port');
    } finally {
      await server.close();
    }
  });
});
