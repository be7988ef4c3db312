import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Configuration, EmailControllerApi, type Email } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { smtpTransport } from '../helpers/smtp.js';

/**
 * Real-world-shaped messages (test/fixtures/eml, described in its README) go in over SMTP
 * and come back through the official client: the raw bytes exactly, and the parsed facts
 * expected.json records for each.
 */
const FIXTURES = new URL('../fixtures/eml/', import.meta.url);

interface Expected {
  file: string;
  subject: string | null;
  from: { address: string; name: string | null } | null;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo?: string[];
  attachments: Array<{ filename: string | null; contentType: string | null; size: number | null }>;
  hasHtml: boolean;
  textSnippet?: string;
  textContains?: string[];
  htmlContains?: string[];
  messageId?: string;
  inReplyTo?: string;
}

const corpus = JSON.parse(readFileSync(new URL('expected.json', FIXTURES), 'utf8')) as Expected[];
const bare = (id: string) => id.replace(/^<|>$/g, '');

describeEachDialect('the .eml corpus over SMTP', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  let emails: EmailControllerApi;
  let inboxId: string;
  let inboxAddress: string;
  /** emails already matched, so fixtures that share a subject each find their own */
  const seen = new Set<string>();
  before(async () => {
    server = await startTestServer(dialect);
    tenant = await server.createTenant();
    emails = new EmailControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
    const inbox = await tenant.mailslurp.createInbox();
    inboxId = inbox.id;
    inboxAddress = inbox.emailAddress;
  });
  after(() => server.close());

  test('the corpus has at least 30 messages', () => {
    assert.ok(corpus.length >= 30, `${corpus.length} fixtures`);
  });

  for (const expected of corpus) {
    test(expected.file, async () => {
      const raw = readFileSync(new URL(expected.file, FIXTURES));
      // The envelope names our inbox whatever the headers say, as an MX sees forwarded or Bcc'd mail.
      const info = await smtpTransport(server).sendMail({ envelope: { from: 'sender@example.com', to: [inboxAddress] }, raw });
      assert.match(info.response, /^250 /);
      const page = await tenant.inboxApi.getInboxEmailsPaginated({ inboxId, size: 100 });
      const preview = page.content!.find((e) => e.subject === expected.subject && !seen.has(e.id));
      assert.ok(preview, `an email with subject ${JSON.stringify(expected.subject)} is listed`);
      seen.add(preview.id);

      const rawBack = Buffer.from(await (await tenant.fetch(`/emails/${preview.id}/raw`)).arrayBuffer());
      assert.ok(rawBack.equals(raw), 'the raw bytes come back byte for byte');

      const email: Email = await emails.getEmail({ emailId: preview.id });
      assert.equal(email.subject ?? null, expected.subject);
      if (expected.from) assert.equal(email.from?.toLowerCase(), expected.from.address.toLowerCase());
      assert.deepEqual(email.to, expected.to);
      assert.deepEqual(email.cc ?? [], expected.cc);
      if (expected.replyTo) assert.equal(email.replyTo, expected.replyTo[0]);
      if (expected.messageId) assert.equal(email.messageId, bare(expected.messageId));
      if (expected.inReplyTo) assert.equal(email.inReplyTo, bare(expected.inReplyTo));
      assert.equal(email.isHTML ?? false, expected.hasHtml, 'isHTML');

      const body = email.body ?? '';
      if (!expected.hasHtml && expected.textSnippet) assert.ok(body.includes(expected.textSnippet), `body has ${JSON.stringify(expected.textSnippet)}`);
      for (const html of expected.htmlContains ?? []) assert.ok(body.includes(html), `HTML body has ${JSON.stringify(html)}`);
      if (!expected.hasHtml) {
        for (const text of expected.textContains ?? []) assert.ok(body.includes(text), `body has ${JSON.stringify(text)}`);
      }

      assert.equal(email.attachments?.length ?? 0, expected.attachments.length, 'attachment count');
      for (const [i, want] of expected.attachments.entries()) {
        const meta = await emails.getAttachmentMetaData({ emailId: email.id, attachmentId: email.attachments![i]! });
        if (want.filename) assert.equal(meta.name, want.filename);
        else assert.match(meta.name ?? '', /^attachment-\d+/, 'an unnamed part gets a generated name');
        if (want.contentType) assert.equal(meta.contentType, want.contentType);
        if (want.size !== null) assert.equal(meta.contentLength, want.size, `${want.filename} size`);
      }
    });
  }
});
