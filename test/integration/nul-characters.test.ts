import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Configuration, EmailControllerApi, MissedEmailControllerApi, SentEmailsControllerApi, WebhookControllerApi } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { smtpTransport } from '../helpers/smtp.js';

/**
 * Mail whose parsed text holds U+0000 (PostgreSQL text cannot): both databases take it with
 * 250 and store the same thing, every U+0000 of a text value stored as U+FFFD, while the raw
 * message and attachment bytes stay exact. Before, PostgreSQL answered 451 to each of these
 * (a temporary code, so senders retried for days) and SQLite stored the NUL.
 */
const FFFD = '\uFFFD';
const NUL = '\u0000';

/** A message from header lines and a body; `\0` in either is sent as a literal NUL byte. */
const message = (headers: string[], body: string): Buffer =>
  Buffer.from([...headers, `Message-ID: <${Math.random().toString(36).slice(2)}@example.com>`, 'Date: Mon, 23 Nov 2026 10:00:00 +0000', 'MIME-Version: 1.0', '', body, ''].join('\r\n'), 'utf8');

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describeEachDialect('mail that decodes to U+0000', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  let emails: EmailControllerApi;
  before(async () => {
    // Tenants come from the admin API, so the webhook receiver on loopback must be allowed explicitly.
    server = await startTestServer(dialect, { env: { PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE: 'false' } });
    tenant = await server.createTenant();
    emails = new EmailControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
  });
  after(() => server.close());

  /** Sends `raw` over SMTP to a new inbox; asserts the 250 and the exact raw bytes; answers the email. */
  async function deliver(raw: (to: string) => Buffer) {
    const inbox = await tenant.mailslurp.createInbox();
    const bytes = raw(inbox.emailAddress);
    const transport = smtpTransport(server);
    try {
      const info = await transport.sendMail({ envelope: { from: 'sender@example.com', to: [inbox.emailAddress] }, raw: bytes });
      assert.match(info.response, /^250 /, 'accepted for good');
    } finally {
      transport.close();
    }
    const [preview] = await tenant.inboxApi.getEmails({ inboxId: inbox.id });
    assert.ok(preview, 'stored and listed once the 250 is answered');
    const contents = await emails.getRawEmailContentsRaw({ emailId: preview.id });
    assert.deepEqual(Buffer.from(await contents.raw.arrayBuffer()), bytes, 'getRawEmailContents: the original bytes, NULs included');
    assert.equal((await emails.getRawEmailJson({ emailId: preview.id })).content, bytes.toString('utf8'));
    const email = await tenant.mailslurp.getEmail(preview.id);
    assert.equal(email.bodyMD5Hash, createHash('md5').update(email.body ?? '').digest('hex'), 'the hash is of the body as stored');
    return { preview, email };
  }

  test('a literal NUL byte in a plain 8-bit body', async () => {
    const { email } = await deliver((to) => message(
      ['From: sender@example.com', `To: ${to}`, 'Subject: plain nul', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit'],
      'before\0after',
    ));
    assert.equal(email.body?.trim(), `before${FFFD}after`);
    assert.equal(email.subject, 'plain nul');
  });

  test('quoted-printable =00 in the body', async () => {
    const { email } = await deliver((to) => message(
      ['From: sender@example.com', `To: ${to}`, 'Subject: qp nul', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: quoted-printable'],
      'qp=00nul',
    ));
    assert.equal(email.body?.trim(), `qp${FFFD}nul`);
  });

  test('a base64 text body and a base64 HTML body that decode to NUL', async () => {
    const { email } = await deliver((to) => message(
      ['From: sender@example.com', `To: ${to}`, 'Subject: base64 nul', 'Content-Type: multipart/alternative; boundary="b1"'],
      [
        '--b1', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64', '', base64(`text${NUL}part`),
        '--b1', 'Content-Type: text/html; charset=utf-8', 'Content-Transfer-Encoding: base64', '', base64(`<p>html${NUL}part</p>`),
        '--b1--',
      ].join('\r\n'),
    ));
    assert.equal(email.isHTML, true);
    assert.match(email.body ?? '', new RegExp(`<p>html${FFFD}part</p>`));
    const text = await emails.getEmailTextLinesRaw({ emailId: email.id }).then((r) => r.raw.json()) as { lines: string[] };
    assert.ok(!JSON.stringify(text).includes('\\u0000'), 'no NUL in any derived text');
  });

  test('an encoded-word subject with =00', async () => {
    const { preview, email } = await deliver((to) => message(
      ['From: sender@example.com', `To: ${to}`, 'Subject: =?utf-8?Q?a=00b?=', 'Content-Type: text/plain; charset=utf-8'],
      'subject test',
    ));
    assert.equal(email.subject, `a${FFFD}b`);
    assert.equal(preview.subject, `a${FFFD}b`);
    assert.equal(email.headers?.['Subject'] ?? email.headers?.['subject'], `a${FFFD}b`);
  });

  test('an RFC 2231 attachment file name with %00 and a Content-ID with a NUL byte; the attachment bytes stay exact', async () => {
    const content = Buffer.from([0x00, 0x01, 0x00, 0xff, 0x00]);
    const { email } = await deliver((to) => message(
      ['From: sender@example.com', `To: ${to}`, 'Subject: file name nul', 'Content-Type: multipart/mixed; boundary="b2"'],
      [
        '--b2', 'Content-Type: text/plain; charset=utf-8', '', 'see attached',
        '--b2', 'Content-Type: application/octet-stream', "Content-Disposition: attachment; filename*=utf-8''file%00name.bin",
        'Content-ID: <part\0one@example.com>', 'Content-Transfer-Encoding: base64', '', content.toString('base64'),
        '--b2--',
      ].join('\r\n'),
    ));
    assert.equal(email.attachments?.length, 1);
    const attachmentId = email.attachments![0]!;
    const meta = await emails.getAttachmentMetaData({ emailId: email.id, attachmentId });
    assert.equal(meta.name, `file${FFFD}name.bin`);
    assert.equal(meta.contentId, `<part${FFFD}one@example.com>`);
    const download = await tenant.fetch(`/emails/${email.id}/attachments/${attachmentId}`);
    assert.equal(download.status, 200);
    assert.deepEqual(Buffer.from(await download.arrayBuffer()), content, 'attachment bytes are bytes: kept exact');
  });

  test('a NUL in the From display name and in custom headers (encoded and literal)', async () => {
    const { email } = await deliver((to) => message(
      [
        'From: =?utf-8?Q?Al=00ice?= <alice@example.com>', `To: "Bo\0b" <${to}>`, 'Subject: names',
        'X-Encoded: =?utf-8?Q?x=00y?=', 'X-Literal: left\0right', 'Content-Type: text/plain; charset=utf-8',
      ],
      'header test',
    ));
    assert.equal(email.from, 'alice@example.com');
    assert.equal(email.sender?.name, `Al${FFFD}ice`);
    assert.equal(email.headers?.['X-Encoded'], `x${FFFD}y`);
    assert.equal(email.headers?.['X-Literal'], `left${FFFD}right`);
    assert.ok(!JSON.stringify(email).includes('\\u0000'), 'no NUL anywhere in the email');
  });

  test('mail kept as a missed email (tenant cap) and mail submitted with a login are stored the same way', async () => {
    const capped = await startTestServer(dialect, { env: { PIGEONHOLE_TENANT_EMAIL_CAP: '1' } });
    try {
      const owner = await capped.createTenant();
      const inbox = await owner.mailslurp.createInbox();
      const other = await owner.mailslurp.createInbox();
      const raw = (to: string) => message(
        [`From: ${other.emailAddress}`, `To: ${to}`, 'Subject: =?utf-8?Q?over=00cap?=', 'Content-Type: text/plain; charset=utf-8'],
        'body\0text',
      );
      const plain = smtpTransport(capped);
      const access = await owner.inboxApi.getSmtpAccess({ inboxId: other.id });
      const submission = smtpTransport(capped, 'starttls', { user: access.smtpUsername, pass: access.smtpPassword });
      try {
        // the first fills the cap (and submission delivers locally past it: a missed email)
        assert.match((await plain.sendMail({ envelope: { from: 'a@example.com', to: [inbox.emailAddress] }, raw: raw(inbox.emailAddress) })).response, /^250 /);
        assert.match((await plain.sendMail({ envelope: { from: 'a@example.com', to: [inbox.emailAddress] }, raw: raw(inbox.emailAddress) })).response, /^250 /);
        const submitted = await submission.sendMail({ envelope: { from: other.emailAddress, to: [inbox.emailAddress] }, raw: raw(inbox.emailAddress) });
        assert.match(submitted.response, /^250 /);
        const sentId = /sent as ([0-9a-f-]{36})/.exec(submitted.response)![1]!;
        const sent = await new SentEmailsControllerApi(new Configuration({ apiKey: owner.apiKey, basePath: capped.url })).getSentEmail({ id: sentId });
        assert.equal(sent.subject, `over${FFFD}cap`);
      } finally {
        plain.close();
        submission.close();
      }
      const missedApi = new MissedEmailControllerApi(new Configuration({ apiKey: owner.apiKey, basePath: capped.url }));
      const page = await missedApi.getAllMissedEmails({});
      assert.ok((page.content ?? []).length >= 1, 'the message over the cap is kept');
      for (const projection of page.content ?? []) {
        assert.equal(projection.subject, `over${FFFD}cap`);
        const missed = await missedApi.getMissedEmail({ missedEmailId: projection.id });
        assert.equal(missed.subject, `over${FFFD}cap`);
        assert.match(missed.bodyExcerpt ?? '', new RegExp(`body${FFFD}text`));
      }
    } finally {
      await capped.close();
    }
  });

  test('a webhook target answering with a NUL: its result is stored, the NUL as U+FFFD', async () => {
    let hits = 0;
    const target = http.createServer((_req, res) => {
      hits++;
      res.end('ok\0done');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    try {
      const hooks = new WebhookControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
      const inbox = await tenant.mailslurp.createInbox();
      const webhook = await hooks.createWebhook({ inboxId: inbox.id, createWebhookOptions: { url: `http://127.0.0.1:${(target.address() as AddressInfo).port}/hook` } });
      const transport = smtpTransport(server);
      try {
        await transport.sendMail({ envelope: { from: 'a@example.com', to: [inbox.emailAddress] }, raw: message(['From: a@example.com', `To: ${inbox.emailAddress}`, 'Subject: hook'], 'x') });
      } finally {
        transport.close();
      }
      const [result] = await hooks.waitForWebhookResults({ webhookId: webhook.id!, expectedCount: 1, timeout: 10_000 });
      assert.equal(result?.resultType, 'SUCCESS');
      assert.equal(result?.responseBodyExtract, `ok${FFFD}done`);
      assert.equal(hits, 1, 'delivered once: the attempt is recorded, so it is not retried');
    } finally {
      target.closeAllConnections();
      await new Promise((resolve) => target.close(resolve));
    }
  });

  test('an IMAP LOGIN whose username holds a NUL is refused as invalid credentials, not as a server error', async () => {
    // imapflow will not send a NUL, so the session is spoken by hand: the username as a literal
    const socket = net.connect(server.server.imapPort, '127.0.0.1');
    let received = '';
    const waiters: Array<() => void> = [];
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      for (const w of [...waiters]) w();
    });
    const line = (pattern: RegExp) => new Promise<string>((resolve) => {
      const check = () => {
        const match = pattern.exec(received);
        if (!match) return false;
        waiters.splice(waiters.indexOf(check), 1);
        resolve(match[0]);
        return true;
      };
      waiters.push(check);
      check();
    });
    try {
      await line(/^\* OK[^\r]*\r\n/m);
      socket.write(Buffer.from(`a1 LOGIN {3+}\r\na${NUL}b "secret"\r\n`, 'latin1'));
      const answer = await line(/^a1 [^\r]*\r\n/m);
      assert.match(answer, /^a1 NO \[AUTHENTICATIONFAILED\]/);
    } finally {
      socket.destroy();
    }
  });

  test('sendEmail with U+0000 in its body is still refused with 400 naming the field', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const response = await tenant.fetch(`/inboxes/${inbox.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: [inbox.emailAddress], subject: 'nul', body: `a${NUL}b` }),
    });
    assert.equal(response.status, 400);
    assert.match(await response.text(), /body.*NUL|NUL.*body/);
  });
});
