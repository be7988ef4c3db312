import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import {
  Configuration,
  EmailControllerApi,
  GetEmailsPaginatedSortEnum,
  GetEmailsSortEnum,
  GetInboxEmailsPaginatedSortEnum,
  type EmailPreview,
  type InboxDto,
} from 'mailslurp-client';
import { ManualClock } from '../../src/core/clock.js';
import { emailFamilyOperations } from '../../src/modules/email/operations/index.js';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage } from '../helpers/smtp.js';
import { inspect } from '../helpers/databases.js';

/**
 * Every operation of the email family (src/modules/email/operations/index.ts), driven through the official client (the generated
 * controllers, so failures surface as the fetch Response) and raw fetch where the client cannot
 * express the call (exact bytes). Mail always arrives over the real SMTP server.
 */

/** The operations this file proves; the last test checks the list against the route files. */
const PROVEN = [
  'getEmails', 'getInboxEmailsPaginated', 'getInboxEmailCount', 'getLatestEmailInInbox', 'deleteAllInboxEmails',
  'getEmail', 'deleteEmail', 'setEmailFavourited', 'getRawEmailContents', 'getRawEmailJson', 'getEmailsPaginated',
  'getEmailCount', 'getUnreadEmailCount', 'markAsRead', 'markAllAsRead', 'deleteAllEmails', 'getLatestEmail',
  'getLatestEmailInInbox1', 'getEmailAttachments', 'getAttachmentMetaData', 'downloadAttachment', 'downloadAttachmentBase64',
  // proven with the other checks of a message in forward-import.test.ts
  'validateEmail',
];

/** A real 1x1 PNG, sent as an inline image. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360f8cfc0f01f0005000201a5b2a0e10000000049454e44ae426082',
  'hex',
);
const HTML = '<p>Quarterly <b>numbers</b> attached.</p>\n<img src="cid:logo@pigeonhole">';
const TEXT = 'Quarterly numbers attached.\nSee the PDF.';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const unique = () => randomBytes(6).toString('hex');
const ids = (items: Array<{ id: string }> | undefined) => (items ?? []).map((i) => i.id);
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const between = (a: Date, b: Date) => new Date((a.getTime() + b.getTime()) / 2);

/** smtpTransport's settings, pooled: one connection per message costs ~100 ms here. */
const pooledTransport = (server: TestServer) =>
  nodemailer.createTransport({ host: '127.0.0.1', port: server.server.smtpPort, ignoreTLS: true, pool: true, maxConnections: 5, maxMessages: Infinity });

describeEachDialect('emails API', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  let emailApi: EmailControllerApi;
  let transport: Transporter;
  const clock = new ManualClock(new Date('2026-05-04T09:00:00.000Z'));

  before(async () => {
    server = await startTestServer(dialect, { clock });
    tenant = await server.createTenant();
    emailApi = emailApiOf(tenant);
    transport = pooledTransport(server);
  });
  after(async () => {
    transport.close();
    await server.close();
  });

  const emailApiOf = (t: Tenant) => new EmailControllerApi(new Configuration({ apiKey: t.apiKey, basePath: server.url }));

  /**
   * Sends one message to `inbox` one second (of the manual clock) after the previous one, so
   * every email has its own receipt time; answers the stored preview.
   */
  async function deliver(t: Tenant, inbox: InboxDto, mail: Buffer | SendMailOptions): Promise<EmailPreview> {
    clock.advance(1000);
    const info = await transport.sendMail(
      Buffer.isBuffer(mail)
        ? { envelope: { from: 'sender@example.com', to: [inbox.emailAddress] }, raw: mail }
        : { envelope: { from: 'sender@example.com', to: [inbox.emailAddress] }, ...mail },
    );
    assert.match(String(info.response), /^250 /);
    const [newest] = await t.inboxApi.getEmails({ inboxId: inbox.id, sort: GetEmailsSortEnum.DESC, limit: 1 });
    assert.ok(newest, 'the email is stored once the 250 is answered');
    assert.equal(newest.createdAt.toISOString(), clock.now().toISOString(), 'createdAt is the time of receipt');
    return newest;
  }

  const plain = (inbox: InboxDto, subject: string, extra: Partial<Parameters<typeof rawMessage>[0]> = {}) =>
    rawMessage({ to: inbox.emailAddress, subject, body: `body of ${subject}`, ...extra });

  /** A composed message with text and HTML, cc, Reply-To, a PDF and an inline image. */
  function composed(inbox: InboxDto, pdf: Buffer): SendMailOptions {
    return {
      from: '"Alice Sender" <alice@example.com>',
      to: `"Inbox Owner" <${inbox.emailAddress}>`,
      cc: ['"Carol" <carol@example.com>', 'dave@example.com'],
      replyTo: 'Replies <replies@example.com>',
      subject: 'Quarterly report ✓',
      text: TEXT,
      html: HTML,
      messageId: '<report-1@example.com>',
      inReplyTo: '<question-1@example.com>',
      headers: [
        { key: 'X-Repeated', value: 'first' },
        { key: 'X-Repeated', value: 'second' },
        { key: 'X-Greeting', value: 'Grüße aus Köln' },
      ],
      attachments: [
        { filename: 'report.pdf', content: pdf, contentType: 'application/pdf' },
        { filename: 'logo.png', content: PNG, contentType: 'image/png', cid: 'logo@pigeonhole' },
      ],
    };
  }

  async function rawBytes(t: Tenant, emailId: string): Promise<Buffer> {
    const response = await t.fetch(`/emails/${emailId}/raw`);
    assert.equal(response.status, 200);
    return Buffer.from(await response.arrayBuffer());
  }

  // ---------------------------------------------------------------- getEmail and the Email model

  test('getEmail: the full Email model of a composed message, and reading it marks it read', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const pdf = Buffer.from(`%PDF-1.4 report ${unique()}`);
    const preview = await deliver(tenant, inbox, composed(inbox, pdf));
    const receivedAt = clock.now();
    assert.equal(preview.read, false, 'a new email is unread');

    clock.advance(5000);
    const email = await emailApi.getEmail({ emailId: preview.id });
    assert.equal(email.id, preview.id);
    assert.equal(email.inboxId, inbox.id);
    assert.equal(email.userId, tenant.userId);
    assert.equal(email.from, 'alice@example.com');
    assert.deepEqual(email.sender, { rawValue: '"Alice Sender" <alice@example.com>', emailAddress: 'alice@example.com', name: 'Alice Sender' });
    assert.deepEqual(email.to, [inbox.emailAddress]);
    assert.deepEqual(email.cc, ['carol@example.com', 'dave@example.com']);
    assert.deepEqual(email.bcc, []);
    // The client turns JSON nulls into undefined, hence `?? null`.
    assert.deepEqual(email.recipients?.cc?.map((r) => [r.emailAddress, r.name ?? null]), [['carol@example.com', 'Carol'], ['dave@example.com', null]]);
    assert.deepEqual(email.recipients?.to?.map((r) => [r.emailAddress, r.name ?? null]), [[inbox.emailAddress, 'Inbox Owner']]);
    assert.equal(email.replyTo, 'replies@example.com');
    assert.equal(email.subject, 'Quarterly report ✓');

    assert.equal(email.body, HTML, 'the body is the HTML part when there is one');
    assert.equal(email.isHTML, true);
    assert.equal(email.html, true);
    assert.equal(email.bodyExcerpt, collapse(HTML), 'bodyExcerpt takes the HTML part');
    assert.equal(email.textExcerpt, collapse(TEXT), 'textExcerpt takes the text part');
    assert.equal(email.bodyMD5Hash, md5(HTML), 'bodyMD5Hash is the md5 hex of the body');
    assert.equal(email.charset, 'UTF-8');

    assert.equal(email.headers?.['Subject'], 'Quarterly report ✓', 'header values are decoded');
    assert.equal(email.headers?.['X-Greeting'], 'Grüße aus Köln');
    assert.equal(email.headers?.['X-Repeated'], 'first', 'headers holds the first of repeated headers');
    assert.deepEqual(email.headersMap?.['X-Repeated'], ['first', 'second'], 'headersMap holds every value');
    assert.deepEqual(email.headersMap?.['X-Greeting'], ['Grüße aus Köln']);
    assert.equal(email.headers?.['Message-ID'], '<report-1@example.com>', 'headers carry the values as written');

    assert.equal(email.messageId, 'report-1@example.com', 'messageId: the Message-ID without angle brackets');
    assert.equal(email.inReplyTo, 'question-1@example.com', 'inReplyTo: a message id in the same form as messageId');
    assert.equal(email.attachments?.length, 2);
    assert.deepEqual(email.attachments, preview.attachments);
    assert.ok(email.bodyPartContentTypes?.includes('text/html') && email.bodyPartContentTypes.includes('text/plain'));

    const raw = await rawBytes(tenant, email.id);
    assert.equal(email.sizeBytes, raw.length, 'sizeBytes is the length of the raw message');
    assert.match(raw.toString('utf8'), /^Message-ID: <report-1@example\.com>\r\n/m);

    assert.ok(email.createdAt instanceof Date && email.updatedAt instanceof Date);
    assert.equal(email.createdAt.toISOString(), receivedAt.toISOString());
    assert.ok(email.updatedAt.getTime() >= email.createdAt.getTime());
    assert.equal(email.read, true, 'reading the full email marks it read');
    assert.equal(email.favourite, false);
    assert.equal(email.teamAccess, true);

    const again = await emailApi.getEmail({ emailId: email.id });
    assert.equal(again.read, true, 'the read state is stored');
    assert.equal(again.updatedAt.toISOString(), email.updatedAt.toISOString(), 'the first answer already showed the stored state');
    const [listed] = await tenant.inboxApi.getEmails({ inboxId: inbox.id });
    assert.equal(listed?.read, true);
    assert.equal(await statusOf(emailApi.getEmail({ emailId: '00000000-0000-4000-8000-000000000000' })), 404);
  });

  test('getEmail of a raw text message: body is the text, sizeBytes the raw length, bodyMD5Hash its md5', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const body = 'Line one\r\n\r\n  Line   two, spaced';
    const raw = rawMessage({ to: inbox.emailAddress, subject: 'plain text', body, extraHeaders: ['In-Reply-To: <older@example.com>'] });
    const preview = await deliver(tenant, inbox, raw);
    assert.equal(preview.sizeBytes, raw.length);
    const email = await emailApi.getEmail({ emailId: preview.id });
    assert.equal(email.isHTML, false);
    assert.equal(email.body?.trimEnd(), 'Line one\n\n  Line   two, spaced');
    assert.equal(email.bodyMD5Hash, md5(email.body!));
    assert.equal(email.textExcerpt, 'Line one Line two, spaced');
    assert.equal(email.bodyExcerpt, 'Line one Line two, spaced', 'without HTML the body excerpt is the text');
    assert.equal(email.sizeBytes, raw.length);
    assert.equal(email.from, 'sender@example.com');
    assert.equal(email.replyTo ?? null, null);
    assert.deepEqual(email.cc, []);
    assert.equal(email.inReplyTo, 'older@example.com');
    assert.equal(email.messageId, /^Message-ID: <([^>]+)>/m.exec(raw.toString())![1]);
  });

  test('getRawEmailContents gives the exact bytes; getRawEmailJson the same as a string', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const raw = rawMessage({
      to: inbox.emailAddress, subject: 'Grüße', body: `8-bit: Größe ✓ ${unique()}\r\n.leading dot`,
      extraHeaders: ['Content-Transfer-Encoding: 8bit'],
    });
    const preview = await deliver(tenant, inbox, raw);
    const response = await tenant.fetch(`/emails/${preview.id}/raw`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    assert.deepEqual(Buffer.from(await response.arrayBuffer()), raw, 'byte for byte, dot-stuffing undone');
    const json = await emailApi.getRawEmailJson({ emailId: preview.id });
    assert.equal(json.content, raw.toString('utf8'));
    const [listed] = await tenant.inboxApi.getEmails({ inboxId: inbox.id });
    assert.equal(listed?.read, false, 'raw access does not mark the email read');
    assert.equal(await statusOf(emailApi.getRawEmailJson({ emailId: '00000000-0000-4000-8000-000000000000' })), 404);
    assert.equal((await tenant.fetch('/emails/00000000-0000-4000-8000-000000000000/raw')).status, 404);
  });

  test('an encoded-word Subject, decoded header values, repeated headers and an RFC 2231 filename', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const subject = 'Prüfung ✓ – résumé';
    const raw = Buffer.from(
      [
        'From: =?UTF-8?Q?J=C3=BCrgen?= <juergen@example.com>',
        `To: ${inbox.emailAddress}`,
        `Subject: =?UTF-8?B?${Buffer.from(subject).toString('base64')}?=`,
        'Message-ID: <encoded-1@example.com>',
        'X-Tag: alpha',
        'X-Tag: beta',
        'X-Latin: =?ISO-8859-1?Q?Caf=E9?=',
        'X-Folded: first part',
        '  continued',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b1"',
        '',
        '--b1',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'see attachment',
        '--b1',
        'Content-Type: text/plain; charset=utf-8',
        "Content-Disposition: attachment; filename*=UTF-8''na%C3%AFve%20r%C3%A9sum%C3%A9.txt",
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from('résumé contents').toString('base64'),
        '--b1--',
        '',
      ].join('\r\n'),
    );
    const preview = await deliver(tenant, inbox, raw);
    assert.equal(preview.subject, subject, 'lists show the decoded subject');
    const email = await emailApi.getEmail({ emailId: preview.id });
    assert.equal(email.subject, subject);
    assert.equal(email.headers?.['Subject'], subject);
    assert.equal(email.sender?.name, 'Jürgen');
    assert.equal(email.headers?.['X-Latin'], 'Café');
    assert.equal(email.headers?.['X-Folded'], 'first part continued', 'folded headers are unfolded');
    assert.equal(email.headers?.['X-Tag'], 'alpha');
    assert.deepEqual(email.headersMap?.['X-Tag'], ['alpha', 'beta']);
    assert.equal(email.attachments?.length, 1);
    const meta = await emailApi.getAttachmentMetaData({ emailId: email.id, attachmentId: email.attachments![0]! });
    assert.equal(meta.name, 'naïve résumé.txt');
    assert.equal(meta.contentLength, Buffer.byteLength('résumé contents'));
    const download = await tenant.fetch(`/emails/${email.id}/attachments/${meta.id}`);
    assert.equal(Buffer.from(await download.arrayBuffer()).toString('utf8'), 'résumé contents');
  });

  // ---------------------------------------------------------------- attachments

  test('getEmailAttachments, getAttachmentMetaData, downloadAttachment and downloadAttachmentBase64', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2048)]);
    const preview = await deliver(tenant, inbox, composed(inbox, pdf));
    assert.equal(preview.attachments?.length, 2);

    const listed = await emailApi.getEmailAttachments({ emailId: preview.id });
    assert.deepEqual(ids(listed), preview.attachments, 'the metadata lists the email attachment ids, in order');
    const byName = new Map(listed.map((m) => [m.name, m]));
    const pdfMeta = byName.get('report.pdf');
    const pngMeta = byName.get('logo.png');
    assert.ok(pdfMeta && pngMeta);
    assert.equal(pdfMeta.contentType, 'application/pdf');
    assert.equal(pdfMeta.contentLength, pdf.length);
    assert.equal(pdfMeta.contentId ?? null, null, 'a plain attachment has no content id');
    assert.equal(pngMeta.contentType, 'image/png');
    assert.equal(pngMeta.contentLength, PNG.length);
    assert.equal(pngMeta.contentId?.replace(/^<(.*)>$/, '$1'), 'logo@pigeonhole', 'the inline image carries its content id');

    for (const [meta, bytes] of [[pdfMeta, pdf], [pngMeta, PNG]] as const) {
      assert.deepEqual(await emailApi.getAttachmentMetaData({ emailId: preview.id, attachmentId: meta.id }), meta);

      const response = await tenant.fetch(`/emails/${preview.id}/attachments/${meta.id}`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), meta.contentType);
      assert.deepEqual(Buffer.from(await response.arrayBuffer()), bytes, `${meta.name}: exact bytes`);

      const b64 = await emailApi.downloadAttachmentBase64({ emailId: preview.id, attachmentId: meta.id });
      assert.deepEqual(Buffer.from(b64.base64FileContents!, 'base64'), bytes, `${meta.name}: base64 decodes to the same bytes`);
      assert.equal(b64.contentType, meta.contentType);
      assert.equal(b64.sizeBytes, bytes.length);
    }

    // An attachment is found only through its own email.
    const other = await deliver(tenant, inbox, plain(inbox, 'no attachments'));
    assert.deepEqual(await emailApi.getEmailAttachments({ emailId: other.id }), []);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [emailId, attachmentId] of [[other.id, pdfMeta.id], [preview.id, unknown], [unknown, pdfMeta.id]]) {
      assert.equal(await statusOf(emailApi.getAttachmentMetaData({ emailId: emailId!, attachmentId: attachmentId! })), 404);
      assert.equal(await statusOf(emailApi.downloadAttachmentBase64({ emailId: emailId!, attachmentId: attachmentId! })), 404);
      assert.equal((await tenant.fetch(`/emails/${emailId}/attachments/${attachmentId}`)).status, 404);
    }
    assert.equal(await statusOf(emailApi.getEmailAttachments({ emailId: unknown })), 404);
    const [stillUnread] = await tenant.inboxApi.getEmails({ inboxId: inbox.id });
    assert.equal(stillUnread?.read, false, 'attachment access does not mark the email read');
  });

  test('identical attachment bytes are stored once, and deleting one email leaves the other its attachment', async () => {
    const countBlobs = async () => {
      const db = inspect(server.db);
      try {
        const row = await db.selectFrom('blobs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        return Number(row.n);
      } finally {
        await db.destroy();
      }
    };
    const inbox = await tenant.mailslurp.createInbox();
    const shared = randomBytes(4096);
    const mail = (subject: string): SendMailOptions => ({
      from: 'a@example.com', to: inbox.emailAddress, subject, text: subject,
      attachments: [{ filename: 'shared.bin', content: shared, contentType: 'application/octet-stream' }],
    });
    const before = await countBlobs();
    const first = await deliver(tenant, inbox, mail(`first ${unique()}`));
    assert.equal(await countBlobs(), before + 2, 'the raw message and the attachment');
    const second = await deliver(tenant, inbox, mail(`second ${unique()}`));
    assert.equal(await countBlobs(), before + 3, 'only the second raw message is new');

    await emailApi.deleteEmail({ emailId: first.id });
    assert.equal(await countBlobs(), before + 2, "the first raw message goes; the shared attachment stays");
    const response = await tenant.fetch(`/emails/${second.id}/attachments/${second.attachments![0]}`);
    assert.equal(response.status, 200);
    assert.deepEqual(Buffer.from(await response.arrayBuffer()), shared);
    await emailApi.deleteEmail({ emailId: second.id });
    assert.equal(await countBlobs(), before, 'the last reference gone, the bytes go too');
  });

  // ---------------------------------------------------------------- InboxController: getEmails & co

  test('getEmails: at most 100, whatever limit or size asks; size is assessed before limit; sort', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const first = await deliver(tenant, inbox, plain(inbox, 'bulk first'));
    clock.advance(1000);
    // 99 at one instant, sent side by side over the pool; then the newest, a second later.
    const infos = await Promise.all(
      Array.from({ length: 99 }, (_, i) =>
        transport.sendMail({ envelope: { from: 'a@example.com', to: [inbox.emailAddress] }, raw: plain(inbox, `bulk ${i}`) })),
    );
    assert.ok(infos.every((info) => /^250 /.test(String(info.response))));
    const last = await deliver(tenant, inbox, plain(inbox, 'bulk last'));
    assert.equal((await tenant.inboxApi.getInboxEmailCount({ inboxId: inbox.id })).totalElements, 101);

    const all = await tenant.inboxApi.getEmails({ inboxId: inbox.id });
    assert.equal(all.length, 100, 'the default is the cap');
    assert.equal(all[0]!.id, first.id, 'oldest first by default');
    assert.ok(!ids(all).includes(last.id), 'the newest is the one left out');
    const desc = await tenant.inboxApi.getEmails({ inboxId: inbox.id, sort: GetEmailsSortEnum.DESC, limit: 100 });
    assert.equal(desc[0]!.id, last.id);
    assert.deepEqual(ids(desc.slice(1)).reverse(), ids(all.slice(1)), 'DESC is ASC reversed, ties included');
    assert.equal(new Set([...ids(all), ...ids(desc)]).size, 101);

    assert.equal((await tenant.inboxApi.getEmails({ inboxId: inbox.id, limit: 500 })).length, 100);
    assert.equal((await tenant.inboxApi.getEmails({ inboxId: inbox.id, size: 500 })).length, 100);
    assert.equal((await tenant.inboxApi.getEmails({ inboxId: inbox.id, limit: 3 })).length, 3);
    assert.equal((await tenant.inboxApi.getEmails({ inboxId: inbox.id, size: 2, limit: 50 })).length, 2, 'size wins over limit');
    assert.deepEqual(ids(await tenant.inboxApi.getEmails({ inboxId: inbox.id, size: 50, limit: 2 })), ids(all.slice(0, 50)));
    assert.deepEqual(ids(await tenant.inboxApi.getEmails({ inboxId: inbox.id, sort: GetEmailsSortEnum.ASC, limit: 1 })), [first.id]);
  });

  test('getEmails: since and before on receipt time, and unreadOnly', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const a = await deliver(tenant, inbox, plain(inbox, 'a'));
    const b = await deliver(tenant, inbox, plain(inbox, 'b'));
    const c = await deliver(tenant, inbox, plain(inbox, 'c'));
    const subjects = async (q: Omit<Parameters<InboxApi['getEmails']>[0], 'inboxId'>) =>
      (await tenant.inboxApi.getEmails({ inboxId: inbox.id, ...q })).map((e) => e.subject);
    assert.deepEqual(await subjects({ since: between(a.createdAt, b.createdAt) }), ['b', 'c']);
    assert.deepEqual(await subjects({ before: between(b.createdAt, c.createdAt) }), ['a', 'b']);
    assert.deepEqual(await subjects({ since: between(a.createdAt, b.createdAt), before: between(b.createdAt, c.createdAt) }), ['b']);
    assert.deepEqual(await subjects({ since: new Date(c.createdAt.getTime() + 1) }), []);

    await emailApi.getEmail({ emailId: b.id });
    assert.deepEqual(await subjects({ unreadOnly: true }), ['a', 'c']);
    assert.deepEqual(await subjects({ unreadOnly: false }), ['a', 'b', 'c']);
    assert.deepEqual(await subjects({ unreadOnly: true, sort: GetEmailsSortEnum.DESC }), ['c', 'a']);
    assert.equal(await statusOf(tenant.inboxApi.getEmails({ inboxId: '00000000-0000-4000-8000-000000000000' })), 404);
  });

  test('getEmails with minCount and retryTimeout holds the request until the Nth email arrives', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const first = await deliver(tenant, inbox, plain(inbox, 'one'));
    let settled = false;
    const waiting = tenant.inboxApi.getEmails({ inboxId: inbox.id, minCount: 3, retryTimeout: 20_000 }).finally(() => {
      settled = true;
    });
    await deliver(tenant, inbox, plain(inbox, 'two'));
    assert.equal((await tenant.inboxApi.getInboxEmailCount({ inboxId: inbox.id })).totalElements, 2);
    assert.equal(settled, false, 'two of three is not enough');
    await deliver(tenant, inbox, plain(inbox, 'three'));
    const emails = await waiting;
    assert.deepEqual(emails.map((e) => e.subject), ['one', 'two', 'three']);
    assert.equal(emails[0]!.id, first.id);

    // Enough already there: an immediate answer.
    const started = Date.now();
    const now = await tenant.inboxApi.getEmails({ inboxId: inbox.id, minCount: 2, retryTimeout: 60_000 });
    assert.equal(now.length, 3);
    assert.ok(Date.now() - started < 10_000, 'no waiting when minCount is met');
  });

  test('getEmails with minCount answers what there is when retryTimeout runs out', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    await deliver(tenant, inbox, plain(inbox, 'early'));
    const started = Date.now();
    const waiting = tenant.inboxApi.getEmails({ inboxId: inbox.id, minCount: 5, retryTimeout: 600 });
    await deliver(tenant, inbox, plain(inbox, 'during the wait'));
    const emails = await waiting;
    assert.ok(Date.now() - started >= 550, 'the request was held until the timeout');
    assert.deepEqual(emails.map((e) => e.subject), ['early', 'during the wait']);
  });

  test('getInboxEmailsPaginated: page fields, sort, since and before', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const sent: EmailPreview[] = [];
    for (const s of ['p0', 'p1', 'p2', 'p3', 'p4']) sent.push(await deliver(tenant, inbox, plain(inbox, s)));

    const first = await tenant.inboxApi.getInboxEmailsPaginated({ inboxId: inbox.id, size: 2 });
    assert.deepEqual(first.content?.map((e) => e.subject), ['p0', 'p1']);
    assert.equal(first.totalElements, 5);
    assert.equal(first.totalPages, 3);
    assert.equal(first.number, 0);
    assert.equal(first.size, 2);
    assert.equal(first.numberOfElements, 2);
    assert.equal(first.first, true);
    assert.equal(first.last, false);
    assert.equal(first.empty, false);
    assert.equal(first.pageable?.pageNumber, 0);
    assert.equal(first.pageable?.pageSize, 2);
    assert.equal(first.pageable?.offset, 0);

    const last = await tenant.inboxApi.getInboxEmailsPaginated({ inboxId: inbox.id, size: 2, page: 2 });
    assert.deepEqual(last.content?.map((e) => e.subject), ['p4']);
    assert.equal(last.number, 2);
    assert.equal(last.numberOfElements, 1);
    assert.equal(last.first, false);
    assert.equal(last.last, true);
    assert.equal(last.pageable?.offset, 4);

    const beyond = await tenant.inboxApi.getInboxEmailsPaginated({ inboxId: inbox.id, size: 2, page: 7 });
    assert.deepEqual(beyond.content, []);
    assert.equal(beyond.empty, true);
    assert.equal(beyond.totalElements, 5);

    const desc = await tenant.inboxApi.getInboxEmailsPaginated({ inboxId: inbox.id, sort: GetInboxEmailsPaginatedSortEnum.DESC, size: 3 });
    assert.deepEqual(desc.content?.map((e) => e.subject), ['p4', 'p3', 'p2']);

    const window = await tenant.inboxApi.getInboxEmailsPaginated({
      inboxId: inbox.id, since: between(sent[0]!.createdAt, sent[1]!.createdAt), before: between(sent[3]!.createdAt, sent[4]!.createdAt),
    });
    assert.deepEqual(window.content?.map((e) => e.subject), ['p1', 'p2', 'p3']);
    assert.equal(window.totalElements, 3, 'the total counts the filtered emails');
    assert.equal(window.size, 20, 'the default page size');

    const [listed] = await tenant.inboxApi.getEmails({ inboxId: inbox.id });
    assert.equal(listed?.read, false, 'listing never marks read');
  });

  test('getInboxEmailCount and deleteAllInboxEmails', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const neighbour = await tenant.mailslurp.createInbox();
    assert.equal((await tenant.inboxApi.getInboxEmailCount({ inboxId: inbox.id })).totalElements, 0);
    const doomed = await deliver(tenant, inbox, plain(inbox, 'x1'));
    await deliver(tenant, inbox, plain(inbox, 'x2'));
    await deliver(tenant, neighbour, plain(neighbour, 'kept'));
    assert.equal((await tenant.inboxApi.getInboxEmailCount({ inboxId: inbox.id })).totalElements, 2);

    await tenant.inboxApi.deleteAllInboxEmails({ inboxId: inbox.id });
    assert.equal((await tenant.inboxApi.getInboxEmailCount({ inboxId: inbox.id })).totalElements, 0);
    assert.equal((await tenant.inboxApi.getInboxEmailCount({ inboxId: neighbour.id })).totalElements, 1, 'other inboxes keep theirs');
    assert.equal(await statusOf(emailApi.getEmail({ emailId: doomed.id })), 404);
    await tenant.inboxApi.getInbox({ inboxId: inbox.id });
    const unknown = '00000000-0000-4000-8000-000000000000';
    assert.equal(await statusOf(tenant.inboxApi.deleteAllInboxEmails({ inboxId: unknown })), 404);
    assert.equal(await statusOf(tenant.inboxApi.getInboxEmailCount({ inboxId: unknown })), 404);
  });

  test('getLatestEmailInInbox answers at once when the inbox has mail, with the newest', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    await deliver(tenant, inbox, plain(inbox, 'older'));
    const newest = await deliver(tenant, inbox, plain(inbox, 'newer'));
    const started = Date.now();
    const email = await tenant.inboxApi.getLatestEmailInInbox({ inboxId: inbox.id, timeoutMillis: 60_000 });
    assert.ok(Date.now() - started < 10_000, 'no waiting when mail is present');
    assert.equal(email.id, newest.id);
    assert.equal(email.subject, 'newer');
    assert.equal(email.body?.trim(), 'body of newer');
    assert.equal(email.read, true);
  });

  // ---------------------------------------------------------------- EmailController: single email

  test('deleteEmail removes one email and nothing else', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const doomed = await deliver(tenant, inbox, plain(inbox, 'doomed'));
    const kept = await deliver(tenant, inbox, plain(inbox, 'kept'));
    await emailApi.deleteEmail({ emailId: doomed.id });
    assert.equal(await statusOf(emailApi.getEmail({ emailId: doomed.id })), 404);
    assert.equal((await tenant.fetch(`/emails/${doomed.id}/raw`)).status, 404);
    assert.equal(await statusOf(emailApi.deleteEmail({ emailId: doomed.id })), 404, 'a second delete finds nothing');
    assert.deepEqual(ids(await tenant.inboxApi.getEmails({ inboxId: inbox.id })), [kept.id]);
  });

  test('setEmailFavourited, seen through getEmailsPaginated favourited=true', async () => {
    const t = await server.createTenant();
    const api = emailApiOf(t);
    const inbox = await t.mailslurp.createInbox();
    const star = await deliver(t, inbox, plain(inbox, 'star'));
    await deliver(t, inbox, plain(inbox, 'plain'));
    const favourites = async () => ids((await api.getEmailsPaginated({ favourited: true })).content);

    assert.deepEqual(await favourites(), []);
    await api.setEmailFavourited({ emailId: star.id, favourited: true });
    assert.deepEqual(await favourites(), [star.id]);
    const [listed] = await t.inboxApi.getEmails({ inboxId: inbox.id });
    assert.equal(listed?.favourite, true);
    assert.equal((await api.getEmailsPaginated({ favourited: false })).totalElements, 2, 'favourited=false does not filter');
    await api.setEmailFavourited({ emailId: star.id, favourited: false });
    assert.deepEqual(await favourites(), []);
    assert.equal((await api.getEmail({ emailId: star.id })).favourite, false);
    assert.equal(await statusOf(api.setEmailFavourited({ emailId: '00000000-0000-4000-8000-000000000000', favourited: true })), 404);
  });

  // ---------------------------------------------------------------- EmailController: the caller's emails

  test('getEmailsPaginated: inboxId filter, unreadOnly, searchFilter, since/before and page fields', async () => {
    const t = await server.createTenant();
    const api = emailApiOf(t);
    const [one, two, three] = [await t.mailslurp.createInbox(), await t.mailslurp.createInbox(), await t.mailslurp.createInbox()];
    const e1 = await deliver(t, one!, plain(one!, 'Invoice 1001', { from: 'billing@shop.example' }));
    const e2 = await deliver(t, two!, plain(two!, 'Welcome aboard', { extraHeaders: ['Cc: watcher@observer.example'] }));
    const e3 = await deliver(t, three!, plain(three!, 'Save 100% now'));
    const e4 = await deliver(t, one!, plain(one!, 'invoice 1002'));
    const page = (q: Parameters<EmailControllerApi['getEmailsPaginated']>[0] = {}) => api.getEmailsPaginated(q);

    const all = await page();
    assert.deepEqual(ids(all.content), [e1.id, e2.id, e3.id, e4.id], 'oldest first by default');
    assert.equal(all.totalElements, 4);
    assert.equal(all.size, 20);
    assert.equal(all.number, 0);
    assert.equal(all.first && all.last, true);
    assert.equal(all.content?.[0]?.inboxId, one!.id);
    assert.equal(all.content?.[0]?.subject, 'Invoice 1001');
    assert.equal(all.content?.[0]?.from, 'billing@shop.example');

    assert.deepEqual(ids((await page({ inboxId: [one!.id, three!.id] })).content), [e1.id, e3.id, e4.id]);
    assert.deepEqual(ids((await page({ inboxId: [two!.id] })).content), [e2.id]);
    assert.deepEqual(ids((await page({ sort: GetEmailsPaginatedSortEnum.DESC, size: 2 })).content), [e4.id, e3.id]);

    const second = await page({ size: 3, page: 1 });
    assert.deepEqual(ids(second.content), [e4.id]);
    assert.equal(second.totalPages, 2);
    assert.equal(second.numberOfElements, 1);
    assert.equal(second.last, true);
    assert.equal(second.first, false);
    assert.equal(second.pageable?.offset, 3);

    await api.getEmail({ emailId: e2.id });
    const unread = await page({ unreadOnly: true });
    assert.deepEqual(ids(unread.content), [e1.id, e3.id, e4.id]);
    assert.equal(unread.totalElements, 3);

    const search = async (searchFilter: string) => ids((await page({ searchFilter })).content);
    assert.deepEqual(await search('INVOICE'), [e1.id, e4.id], 'subject, case-insensitive');
    assert.deepEqual(await search('shop.example'), [e1.id], 'sender');
    assert.deepEqual(await search('watcher@observer'), [e2.id], 'recipients (cc)');
    assert.deepEqual(await search(two!.emailAddress), [e2.id], 'recipients (to)');
    assert.deepEqual(await search('"100%"'), [e3.id], 'a quoted word is exact (100, not 1001); % is punctuation');
    assert.deepEqual(await search('no such thing'), []);
    assert.equal((await page({ searchFilter: 'invoice', inboxId: [two!.id] })).totalElements, 0, 'filters combine');

    const window = await page({ since: between(e1.createdAt, e2.createdAt), before: between(e3.createdAt, e4.createdAt) });
    assert.deepEqual(ids(window.content), [e2.id, e3.id]);
    assert.equal(window.totalElements, 2);
  });

  test('getEmailCount, getUnreadEmailCount, markAsRead and markAllAsRead', async () => {
    const t = await server.createTenant();
    const api = emailApiOf(t);
    const a = await t.mailslurp.createInbox();
    const b = await t.mailslurp.createInbox();
    const a1 = await deliver(t, a, plain(a, 'a1'));
    await deliver(t, a, plain(a, 'a2'));
    await deliver(t, b, plain(b, 'b1'));
    const counts = async () => ({
      all: (await api.getEmailCount({})).totalElements,
      inA: (await api.getEmailCount({ inboxId: a.id })).totalElements,
      unread: (await api.getUnreadEmailCount({})).count,
      unreadInA: (await api.getUnreadEmailCount({ inboxId: a.id })).count,
      unreadInB: (await api.getUnreadEmailCount({ inboxId: b.id })).count,
    });
    assert.deepEqual(await counts(), { all: 3, inA: 2, unread: 3, unreadInA: 2, unreadInB: 1 });

    const marked = await api.markAsRead({ emailId: a1.id });
    assert.equal(marked.id, a1.id);
    assert.equal(marked.read, true, 'read defaults to true');
    assert.deepEqual(await counts(), { all: 3, inA: 2, unread: 2, unreadInA: 1, unreadInB: 1 });
    const unmarked = await api.markAsRead({ emailId: a1.id, read: false });
    assert.equal(unmarked.read, false);
    assert.deepEqual(await counts(), { all: 3, inA: 2, unread: 3, unreadInA: 2, unreadInB: 1 });
    assert.equal((await api.markAsRead({ emailId: a1.id, read: true })).read, true);
    assert.equal((await api.getEmailsPaginated({ inboxId: [a.id] })).content?.find((e) => e.id === a1.id)?.read, true);

    await api.markAllAsRead({ inboxId: a.id });
    assert.deepEqual(await counts(), { all: 3, inA: 2, unread: 1, unreadInA: 0, unreadInB: 1 }, 'only the one inbox');
    await api.markAllAsRead({ read: false, inboxId: b.id });
    assert.deepEqual(await counts(), { all: 3, inA: 2, unread: 1, unreadInA: 0, unreadInB: 1 });
    await api.markAllAsRead({});
    assert.deepEqual(await counts(), { all: 3, inA: 2, unread: 0, unreadInA: 0, unreadInB: 0 });
    await api.markAllAsRead({ read: false });
    assert.deepEqual(await counts(), { all: 3, inA: 2, unread: 3, unreadInA: 2, unreadInB: 1 });

    const unknown = '00000000-0000-4000-8000-000000000000';
    assert.equal(await statusOf(api.markAsRead({ emailId: unknown })), 404);
    assert.equal(await statusOf(api.getEmailCount({ inboxId: unknown })), 404);
    assert.equal(await statusOf(api.getUnreadEmailCount({ inboxId: unknown })), 404);
    assert.equal(await statusOf(api.markAllAsRead({ inboxId: unknown })), 404);
  });

  test('deleteAllEmails: in a createdAt window, then all of them', async () => {
    const t = await server.createTenant();
    const api = emailApiOf(t);
    const a = await t.mailslurp.createInbox();
    const b = await t.mailslurp.createInbox();
    const e1 = await deliver(t, a, plain(a, 'e1'));
    const e2 = await deliver(t, b, plain(b, 'e2'));
    const e3 = await deliver(t, a, plain(a, 'e3'));
    const e4 = await deliver(t, b, plain(b, 'e4'));
    const bystander = await server.createTenant();
    const theirs = await bystander.mailslurp.createInbox();
    await deliver(bystander, theirs, plain(theirs, 'not yours'));
    const remaining = async () => ids((await api.getEmailsPaginated({})).content);

    await api.deleteAllEmails({ createdAtSince: between(e1.createdAt, e2.createdAt), createdAtBefore: between(e3.createdAt, e4.createdAt) });
    assert.deepEqual(await remaining(), [e1.id, e4.id]);
    await api.deleteAllEmails({ createdAtSince: between(e1.createdAt, e4.createdAt) });
    assert.deepEqual(await remaining(), [e1.id]);
    await api.deleteAllEmails({ createdAtBefore: between(e1.createdAt, e4.createdAt) });
    assert.deepEqual(await remaining(), []);

    await deliver(t, a, plain(a, 'e5'));
    await deliver(t, b, plain(b, 'e6'));
    await api.deleteAllEmails({});
    assert.equal((await api.getEmailCount({})).totalElements, 0);
    assert.equal((await t.inboxApi.getInboxEmailCount({ inboxId: a.id })).totalElements, 0);
    assert.equal((await emailApiOf(bystander).getEmailCount({})).totalElements, 1, "another tenant's mail is untouched");
    await t.inboxApi.getInbox({ inboxId: a.id });
  });

  test('getLatestEmail (optionally of some inboxes; 404 when none) and getLatestEmailInInbox1', async () => {
    const t = await server.createTenant();
    const api = emailApiOf(t);
    const a = await t.mailslurp.createInbox();
    const b = await t.mailslurp.createInbox();
    const empty = await t.mailslurp.createInbox();
    assert.equal(await statusOf(api.getLatestEmail({})), 404, 'no email at all');

    const a1 = await deliver(t, a, plain(a, 'a1'));
    const b1 = await deliver(t, b, plain(b, 'b1'));
    const a2 = await deliver(t, a, plain(a, 'a2'));

    const latest = await api.getLatestEmail({});
    assert.equal(latest.id, a2.id);
    assert.equal(latest.subject, 'a2');
    assert.equal(latest.body?.trim(), 'body of a2', 'the full email');
    assert.equal(latest.read, true, 'fetching the full email marks it read');
    assert.equal((await api.getLatestEmail({ inboxIds: [b.id] })).id, b1.id);
    assert.equal((await api.getLatestEmail({ inboxIds: [b.id, empty.id] })).id, b1.id);
    assert.equal((await api.getLatestEmail({ inboxIds: [a.id, b.id] })).id, a2.id);
    assert.equal(await statusOf(api.getLatestEmail({ inboxIds: [empty.id] })), 404);

    const inA = await api.getLatestEmailInInbox1({ inboxId: a.id });
    assert.equal(inA.id, a2.id);
    assert.equal(inA.inboxId, a.id);
    assert.equal((await api.getLatestEmailInInbox1({ inboxId: b.id })).id, b1.id);
    assert.equal(await statusOf(api.getLatestEmailInInbox1({ inboxId: empty.id })), 404);
    assert.equal(await statusOf(api.getLatestEmailInInbox1({ inboxId: '00000000-0000-4000-8000-000000000000' })), 404);

    await api.deleteEmail({ emailId: a2.id });
    assert.equal((await api.getLatestEmailInInbox1({ inboxId: a.id })).id, a1.id);
    assert.equal((await api.getUnreadEmailCount({})).count, 0, 'a1 and b1 were read by the calls above');
  });

  test('every route of src/modules/email/routes is proven here', () => {
    const served = emailFamilyOperations.map((op) => op.operationId);
    assert.deepEqual([...served].sort(), [...PROVEN].sort());
  });
});

type InboxApi = Tenant['inboxApi'];
