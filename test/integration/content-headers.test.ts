import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import nodemailer, { type Transporter } from 'nodemailer';
import type { InboxDto } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';

/**
 * Answers that carry what a sender chose (mail HTML, a MIME part of an attacker-declared type,
 * an attachment) must not run in the API's origin nor be sniffed into another type: each one
 * is sandboxed by its Content-Security-Policy and carries nosniff.
 */
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>parent.postMessage(localStorage.key(0), "*")</script></svg>';
const HTML = '<html><body><p>Hi</p><script>fetch("/inboxes")</script></body></html>';

describeEachDialect('user-typed content answers are sandboxed and not sniffed', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  let transport: Transporter;
  let inbox: InboxDto;
  let emailId: string;
  let attachmentId: string;

  before(async () => {
    server = await startTestServer(dialect);
    tenant = await server.createTenant();
    transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.server.smtpPort, ignoreTLS: true });
    inbox = await tenant.mailslurp.createInbox();
    await transport.sendMail({
      from: 'attacker@example.com', to: inbox.emailAddress, subject: 'typed by the sender', html: HTML,
      attachments: [{ filename: 'x.svg', content: SVG, contentType: 'image/svg+xml' }],
    });
    const email = await tenant.mailslurp.waitForLatestEmail(inbox.id, 10_000);
    emailId = email.id;
    attachmentId = email.attachments![0]!;
  });
  after(async () => {
    transport.close();
    await server.close();
  });

  const cases: Array<[string, () => string]> = [
    ['getEmailContentPartContent with the sender-declared SVG type', () => `/emails/${emailId}/contentPart/raw?contentType=image%2Fsvg%2Bxml`],
    ['getEmailContentPartContent of the HTML part', () => `/emails/${emailId}/contentPart/raw?contentType=text%2Fhtml`],
    ['downloadBody (the HTML body)', () => `/emails/${emailId}/body`],
    ['downloadAttachment (an SVG attachment)', () => `/emails/${emailId}/attachments/${attachmentId}`],
    ['downloadAttachmentAsBytes (an SVG attachment)', () => `/attachments/${attachmentId}/bytes`],
  ];
  for (const [name, path] of cases) {
    test(name, async () => {
      const response = await tenant.fetch(path());
      assert.equal(response.status, 200, `${path()} answers`);
      assert.match(response.headers.get('content-security-policy') ?? '', /(^|;\s*)sandbox\b/);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      await response.arrayBuffer();
    });
  }

  test('the preview pages keep their own sandbox, which lets links open', async () => {
    const response = await tenant.fetch(`/emails/${emailId}/html`);
    assert.equal(response.headers.get('content-security-policy'), 'sandbox allow-popups allow-popups-to-escape-sandbox');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  });
});
