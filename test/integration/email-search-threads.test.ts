import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import {
  Configuration,
  EmailControllerApi,
  GetEmailThreadItemsSortEnum,
  GetEmailThreadsSortEnum,
  GetEmailsOffsetPaginatedSortEnum,
  GetEmailsSortEnum,
  GetOrganizationEmailsPaginatedSortEnum,
  SearchEmailsOptionsSortDirectionEnum,
  type EmailPreview,
  type InboxDto,
} from 'mailslurp-client';
import { ManualClock } from '../../src/core/clock.js';
import type { EmailRecord, SentEmailRecord } from '../../src/storage/ports.js';
import * as threadsMigration from '../../src/storage/migrations/0009_threads.js';
import * as threadIndexMigration from '../../src/storage/migrations/0018_thread_tenant_index.js';
import { listingOperations } from '../../src/modules/email/operations/listing-index.js';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { freshDatabase, inspect } from '../helpers/databases.js';

/**
 * The tenant-wide email lists (offset-paginated, organization, search), the body downloads,
 * and conversation threads, through the official client with mail arriving over real SMTP.
 */

const PROVEN = [
  'getEmailsOffsetPaginated', 'getOrganizationEmailsPaginated', 'searchEmails', 'downloadBody', 'downloadBodyBytes',
  'getEmailThreads', 'getEmailThread', 'getEmailThreadItems',
];

const HTML = '<p>Grüße aus Köln ✓</p>\n<p class="code">481516</p>';
const TEXT = 'Plain words, Grüße ✓\nsecond line';

/** An exact RFC 5322 message; `headers` lets a test set Message-ID, In-Reply-To and References. */
function message(fields: { from: string; to: string; subject: string; body?: string; html?: string; headers?: string[] }): Buffer {
  const content = fields.html !== undefined
    ? ['Content-Type: text/html; charset=utf-8', 'Content-Transfer-Encoding: 8bit', '', fields.html]
    : ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit', '', fields.body ?? `body of ${fields.subject}`];
  return Buffer.from([
    `From: ${fields.from}`,
    `To: ${fields.to}`,
    `Subject: ${fields.subject}`,
    'Date: Mon, 04 May 2026 09:00:00 +0000',
    'MIME-Version: 1.0',
    ...(fields.headers ?? [`Message-ID: <${randomUUID()}@example.com>`]),
    ...content,
    '',
  ].join('\r\n'), 'utf8');
}

const ids = (items: Array<{ id: string }> | undefined) => (items ?? []).map((i) => i.id);
const iso = (d: Date) => d.toISOString();

describeEachDialect('email lists, search, body downloads and threads', (dialect) => {
  let server: TestServer;
  let transport: Transporter;
  const clock = new ManualClock(new Date('2026-05-04T09:00:00.000Z'));

  before(async () => {
    server = await startTestServer(dialect, { clock });
    transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.server.smtpPort, ignoreTLS: true, pool: true, maxMessages: Infinity });
  });
  after(async () => {
    transport.close();
    await server.close();
  });

  const apiOf = (t: Tenant) => new EmailControllerApi(new Configuration({ apiKey: t.apiKey, basePath: server.url }));

  /** Delivers `raw` to `inbox` one second (of the manual clock) after the last; answers the stored email. */
  async function deliver(t: Tenant, inbox: InboxDto, raw: Buffer): Promise<EmailPreview & { at: Date }> {
    clock.advance(1000);
    const info = await transport.sendMail({ envelope: { from: 'sender@example.com', to: [inbox.emailAddress] }, raw });
    assert.match(String(info.response), /^250 /);
    const [newest] = await t.inboxApi.getEmails({ inboxId: inbox.id, sort: GetEmailsSortEnum.DESC, limit: 1 });
    assert.ok(newest);
    return { ...newest, at: clock.now() };
  }

  test('every operation of the listing routes is proven here', () => {
    const served = listingOperations.map((op) => op.operationId);
    assert.deepEqual([...served].sort(), [...PROVEN].sort());
  });

  describe('tenant-wide lists and search', () => {
    let tenant: Tenant;
    let api: EmailControllerApi;
    let one: InboxDto;
    let two: InboxDto;
    let e: Array<EmailPreview & { at: Date }>;
    const mid = (a: Date, b: Date) => new Date((a.getTime() + b.getTime()) / 2);

    before(async () => {
      tenant = await server.createTenant();
      api = apiOf(tenant);
      one = await tenant.mailslurp.createInbox();
      two = await tenant.mailslurp.createInbox();
      e = [
        await deliver(tenant, one, message({ from: 'alice@example.com', to: one.emailAddress, subject: 'apple pie recipe' })),
        await deliver(tenant, one, message({ from: 'alice@example.com', to: one.emailAddress, subject: 'banana bread' })),
        await deliver(tenant, two, message({ from: 'bob@example.com', to: two.emailAddress, subject: 'apple crumble' })),
        await deliver(tenant, two, message({ from: 'carol@example.com', to: two.emailAddress, subject: 'cherry tart' })),
      ];
      await api.getEmail({ emailId: e[1]!.id }); // read
      await api.setEmailFavourited({ emailId: e[3]!.id, favourited: true });
      // Another tenant's mail, which none of these lists may show.
      const other = await server.createTenant();
      await deliver(other, await other.mailslurp.createInbox(), message({ from: 'alice@example.com', to: 'x@example.com', subject: 'apple of another tenant' }));
    });

    test('getEmailsOffsetPaginated pages, sorts and filters exactly', async () => {
      const [e1, e2, e3, e4] = e.map((x) => x.id) as [string, string, string, string];
      const page0 = await api.getEmailsOffsetPaginated({ page: 0, size: 3 });
      assert.deepEqual(ids(page0.content), [e1, e2, e3]);
      assert.equal(page0.totalElements, 4);
      assert.equal(page0.totalPages, 2);
      assert.deepEqual(ids((await api.getEmailsOffsetPaginated({ page: 1, size: 3 })).content), [e4]);
      assert.deepEqual(ids((await api.getEmailsOffsetPaginated({ sort: GetEmailsOffsetPaginatedSortEnum.DESC })).content), [e4, e3, e2, e1]);
      const cases: Array<[Parameters<EmailControllerApi['getEmailsOffsetPaginated']>[0], string[]]> = [
        [{ inboxId: [two.id] }, [e3, e4]],
        [{ inboxId: [one.id, two.id] }, [e1, e2, e3, e4]],
        [{ unreadOnly: true }, [e1, e3, e4]],
        [{ searchFilter: 'APPLE' }, [e1, e3]],
        [{ searchFilter: 'carol@' }, [e4]],
        [{ searchFilter: one.emailAddress }, [e1, e2]],
        [{ since: mid(e[0]!.at, e[1]!.at), before: mid(e[2]!.at, e[3]!.at) }, [e2, e3]],
        [{ favourited: true }, [e4]],
        [{ include: [e4, e1] }, [e1, e4]],
        [{ include: [e4, e1], inboxId: [one.id] }, [e1]],
        [{ plusAddressId: randomUUID() }, []],
      ];
      for (const [params, expected] of cases) {
        const page = await api.getEmailsOffsetPaginated(params);
        assert.deepEqual(ids(page.content), expected, JSON.stringify(params));
        assert.equal(page.totalElements, expected.length);
      }
      const projection = page0.content![0]!;
      assert.equal(projection.subject, 'apple pie recipe');
      assert.equal(projection.inboxId, one.id);
      assert.equal(await statusOf(api.getEmailsOffsetPaginated({ size: 'x' as never })), 400);
    });

    test("getOrganizationEmailsPaginated answers the tenant's own emails with the same filters", async () => {
      const [e1, e2, e3, e4] = e.map((x) => x.id) as [string, string, string, string];
      assert.deepEqual(ids((await api.getOrganizationEmailsPaginated({})).content), [e1, e2, e3, e4]);
      assert.deepEqual(ids((await api.getOrganizationEmailsPaginated({ searchFilter: 'bob' })).content), [e3]);
      assert.deepEqual(ids((await api.getOrganizationEmailsPaginated({ inboxId: [one.id], unreadOnly: true })).content), [e1]);
      assert.deepEqual(ids((await api.getOrganizationEmailsPaginated({ favourited: true })).content), [e4]);
      const page = await api.getOrganizationEmailsPaginated({ size: 2, page: 1, sort: GetOrganizationEmailsPaginatedSortEnum.DESC });
      assert.deepEqual(ids(page.content), [e2, e1]);
      assert.equal(page.totalElements, 4);
    });

    test('searchEmails applies SearchEmailsOptions and the query flags', async () => {
      const [e1, e2, e3, e4] = e.map((x) => x.id) as [string, string, string, string];
      const search = (options: Parameters<EmailControllerApi['searchEmails']>[0]['searchEmailsOptions'], query = {}) =>
        api.searchEmails({ searchEmailsOptions: options, ...query });
      assert.deepEqual(ids((await search({})).content), [e1, e2, e3, e4]);
      assert.deepEqual(ids((await search({ searchFilter: 'apple', sortDirection: SearchEmailsOptionsSortDirectionEnum.DESC })).content), [e3, e1]);
      assert.deepEqual(ids((await search({ inboxIds: [one.id], unreadOnly: true })).content), [e1]);
      assert.deepEqual(ids((await search({ since: mid(e[1]!.at, e[2]!.at) })).content), [e3, e4]);
      assert.deepEqual(ids((await search({ before: mid(e[1]!.at, e[2]!.at) })).content), [e1, e2]);
      const paged = await search({ pageIndex: 1, pageSize: 3 });
      assert.deepEqual(ids(paged.content), [e4]);
      assert.equal(paged.totalElements, 4);
      assert.equal(paged.size, 3);
      assert.deepEqual(ids((await search({ searchFilter: 'example' }, { favourited: true })).content), [e4]);
      assert.deepEqual(ids((await search({}, { plusAddressId: randomUUID() })).content), []);
      // the search reaches bodies (test/integration/email-search.test.ts covers the language)
      assert.deepEqual(ids((await search({ searchFilter: '"body of cherry"' })).content), [e4]);

      const bad = await tenant.fetch('/emails/search', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sortDirection: 'SIDEWAYS' }),
      });
      assert.equal(bad.status, 400);
      assert.match(((await bad.json()) as { message: string }).message, /sortDirection/);
      const negative = await tenant.fetch('/emails/search', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pageIndex: -1 }),
      });
      assert.equal(negative.status, 400);
      assert.match(((await negative.json()) as { message: string }).message, /pageIndex/);
    });
  });

  describe('body downloads', () => {
    let tenant: Tenant;
    let api: EmailControllerApi;
    let html: EmailPreview;
    let text: EmailPreview;

    before(async () => {
      tenant = await server.createTenant();
      api = apiOf(tenant);
      const inbox = await tenant.mailslurp.createInbox();
      html = await deliver(tenant, inbox, message({ from: 'a@example.com', to: inbox.emailAddress, subject: 'html', html: HTML }));
      text = await deliver(tenant, inbox, message({ from: 'a@example.com', to: inbox.emailAddress, subject: 'text', body: TEXT }));
    });

    test('downloadBody answers the HTML as text/html and a text body as text/plain, without marking read', async () => {
      const htmlBody = await api.downloadBodyRaw({ emailId: html.id });
      assert.match(htmlBody.raw.headers.get('content-type') ?? '', /^text\/html; charset=utf-8$/i);
      assert.equal((await htmlBody.value()).trimEnd(), HTML);
      const textBody = await api.downloadBodyRaw({ emailId: text.id });
      assert.match(textBody.raw.headers.get('content-type') ?? '', /^text\/plain; charset=utf-8$/i);
      assert.equal((await textBody.value()).trimEnd(), TEXT);
      const previews = await tenant.inboxApi.getEmails({ inboxId: html.inboxId! });
      assert.deepEqual(previews.map((p) => p.read), [false, false], 'downloading a body does not mark the email read');
      for (const email of [html, text]) {
        assert.equal(await api.downloadBody({ emailId: email.id }), (await api.getEmail({ emailId: email.id })).body, 'the body Email.body shows');
      }
    });

    test('downloadBodyBytes answers the body as UTF-8 bytes, application/octet-stream', async () => {
      for (const email of [html, text]) {
        const response = await api.downloadBodyBytesRaw({ emailId: email.id });
        assert.equal(response.raw.headers.get('content-type'), 'application/octet-stream');
        const bytes = Buffer.from(await response.raw.arrayBuffer());
        const expected = Buffer.from(await api.downloadBody({ emailId: email.id }), 'utf8');
        assert.ok(bytes.equals(expected), 'the bytes are the body, byte for byte');
        for (const word of ['Grüße', '✓']) assert.ok(bytes.includes(Buffer.from(word, 'utf8')), `${word} in UTF-8`);
      }
    });

    test('a missing or malformed email id is 404 or 400', async () => {
      assert.equal(await statusOf(api.downloadBody({ emailId: randomUUID() })), 404);
      assert.equal(await statusOf(api.downloadBodyBytes({ emailId: randomUUID() })), 404);
      assert.equal(await statusOf(api.downloadBody({ emailId: 'not-an-id' })), 400);
    });
  });

  describe('threads', () => {
    let tenant: Tenant;
    let api: EmailControllerApi;
    let inbox: InboxDto;
    let other: InboxDto;
    let m1: EmailPreview & { at: Date };
    let u1: EmailPreview & { at: Date };
    let m2: EmailPreview & { at: Date };
    let m3: EmailPreview & { at: Date };

    before(async () => {
      tenant = await server.createTenant();
      api = apiOf(tenant);
      inbox = await tenant.mailslurp.createInbox();
      other = await tenant.mailslurp.createInbox();
      m1 = await deliver(tenant, inbox, message({
        from: 'alice@example.com', to: inbox.emailAddress, subject: 'Plan', headers: ['Message-ID: <root-1@example.com>'],
      }));
      u1 = await deliver(tenant, other, message({
        from: 'dave@example.com', to: other.emailAddress, subject: 'Unrelated', html: HTML, headers: ['Message-ID: <other-1@example.com>'],
      }));
      m2 = await deliver(tenant, inbox, message({
        from: 'bob@example.com', to: inbox.emailAddress, subject: 'Re: Plan',
        headers: ['Message-ID: <reply-2@example.com>', 'In-Reply-To: <root-1@example.com>', 'References: <root-1@example.com>'],
      }));
      // No In-Reply-To: only References ties this one to the conversation.
      m3 = await deliver(tenant, inbox, message({
        from: 'carol@example.com', to: inbox.emailAddress, subject: 'Re: Re: Plan', body: 'count me in',
        headers: ['Message-ID: <reply-3@example.com>', 'References: <root-1@example.com>\r\n <reply-2@example.com>'],
      }));
    });

    test('a conversation by In-Reply-To and References is one thread; an unrelated message another', async () => {
      const page = await api.getEmailThreads({});
      assert.equal(page.totalElements, 2);
      const [conversation, unrelated] = page.content!;
      assert.ok(conversation && unrelated);
      assert.equal(conversation.subject, 'Plan');
      assert.equal(conversation.messageCount, 3);
      assert.equal(conversation.from, 'alice@example.com');
      assert.equal(conversation.inboxId, inbox.id);
      assert.equal(conversation.userId, tenant.userId);
      assert.deepEqual(conversation.to, [inbox.emailAddress]);
      assert.equal(conversation.lastFrom, 'carol@example.com');
      assert.equal(conversation.lastSender?.emailAddress, 'carol@example.com');
      assert.equal(conversation.lastTextExcerpt, 'count me in');
      assert.equal(iso(conversation.createdAt), iso(m1.at));
      assert.equal(iso(conversation.updatedAt), iso(m3.at));
      assert.equal(iso(conversation.lastCreatedAt!), iso(m3.at));
      assert.equal(conversation.unread, true);
      assert.equal(conversation.hasAttachments, false);
      assert.equal(unrelated.subject, 'Unrelated');
      assert.equal(unrelated.messageCount, 1);
      assert.equal(unrelated.inboxId, other.id);

      // Every email carries its thread's id, the same on every read.
      for (const email of [m1, m2, m3]) assert.equal((await api.getEmail({ emailId: email.id })).threadId, conversation.id);
      assert.equal((await api.getEmail({ emailId: u1.id })).threadId, unrelated.id);
      const listed = await api.getEmailsPaginated({ inboxId: [inbox.id] });
      assert.deepEqual(listed.content?.map((p) => p.threadId), [conversation.id, conversation.id, conversation.id]);
      assert.deepEqual(ids((await api.getEmailThreads({})).content), [conversation.id, unrelated.id], 'thread ids are stable');
      const afterReading = (await api.getEmailThreads({ inboxId: inbox.id })).content![0]!;
      assert.equal(afterReading.unread, false, 'every message of the conversation has been read now');
    });

    test('getEmailThread and getEmailThreadItems answer the thread and its messages in order', async () => {
      const conversationId = (await api.getEmail({ emailId: m2.id })).threadId!;
      const thread = await api.getEmailThread({ threadId: conversationId });
      assert.equal(thread.id, conversationId);
      assert.equal(thread.subject, 'Plan');
      assert.equal(thread.from, 'alice@example.com');
      assert.equal(thread.sender?.emailAddress, 'alice@example.com');
      assert.deepEqual(thread.recipients?.to?.map((r) => r.emailAddress), [inbox.emailAddress]);
      assert.equal(iso(thread.createdAt), iso(m1.at));

      const items = (await api.getEmailThreadItems({ threadId: conversationId })).items;
      assert.deepEqual(items.map((i) => i.entityId).slice(0, 3), [m1.id, m2.id, m3.id]);
      assert.deepEqual(items.slice(0, 3).map((i) => i.messageId), ['root-1@example.com', 'reply-2@example.com', 'reply-3@example.com']);
      assert.equal(items[1]!.inReplyTo, 'root-1@example.com');
      assert.equal(items[2]!.textExcerpt, 'count me in');
      assert.equal(items[0]!.itemType, 'RECEIVED_EMAIL');
      for (const item of items) assert.equal(item.threadId, conversationId);
      const desc = (await api.getEmailThreadItems({ threadId: conversationId, sort: GetEmailThreadItemsSortEnum.DESC })).items;
      assert.deepEqual(desc.map((i) => i.entityId), items.map((i) => i.entityId).reverse());

      assert.equal(await statusOf(api.getEmailThread({ threadId: randomUUID() })), 404);
      assert.equal(await statusOf(api.getEmailThreadItems({ threadId: randomUUID() })), 404);
      assert.equal(await statusOf(api.getEmailThread({ threadId: 'nope' })), 400);
    });

    test('getEmailThreads filters by inbox, search text and time, sorts, and applies htmlSelector', async () => {
      const all = await api.getEmailThreads({});
      const [conversation, unrelated] = ids(all.content) as [string, string];
      assert.deepEqual(ids((await api.getEmailThreads({ sort: GetEmailThreadsSortEnum.DESC })).content), [unrelated, conversation]);
      assert.deepEqual(ids((await api.getEmailThreads({ inboxId: other.id })).content), [unrelated]);
      assert.deepEqual(ids((await api.getEmailThreads({ searchFilter: 'BOB@' })).content), [conversation], 'matches any message of the thread');
      assert.deepEqual(ids((await api.getEmailThreads({ searchFilter: 'unrelated' })).content), [unrelated]);
      const between = new Date((m1.at.getTime() + u1.at.getTime()) / 2);
      assert.deepEqual(ids((await api.getEmailThreads({ since: between })).content), [unrelated]);
      assert.deepEqual(ids((await api.getEmailThreads({ before: between })).content), [conversation]);
      const paged = await api.getEmailThreads({ size: 1, page: 1 });
      assert.deepEqual(ids(paged.content), [unrelated]);
      assert.equal(paged.totalPages, 2);

      const selected = (await api.getEmailThreads({ inboxId: other.id, htmlSelector: '.code' })).content![0]!;
      assert.equal(selected.lastBodyExcerpt, '481516');
      const plain = (await api.getEmailThreads({ inboxId: other.id })).content![0]!;
      assert.match(plain.lastBodyExcerpt ?? '', /^<p>Grüße aus Köln ✓<\/p>/);
      const badSelector = await tenant.fetch('/emails/threads?htmlSelector=p%5B');
      assert.equal(badSelector.status, 400);
      assert.match(((await badSelector.json()) as { message: string }).message, /htmlSelector/);
      assert.equal(await statusOf(api.getEmailThreads({ inboxId: randomUUID() })), 404);
    });

    test('sent mail joins the thread it answers; a message sent to an own inbox is one thread', async () => {
      const conversationId = (await api.getEmail({ emailId: m3.id })).threadId!;
      clock.advance(1000);
      const reply = await api.replyToEmail({ emailId: m3.id, replyToEmailOptions: { body: 'see you there', isHTML: false } });
      assert.equal(reply.threadId, conversationId, 'SentEmailDto.threadId');
      const items = (await api.getEmailThreadItems({ threadId: conversationId })).items;
      assert.deepEqual(items.map((i) => i.itemType), ['RECEIVED_EMAIL', 'RECEIVED_EMAIL', 'RECEIVED_EMAIL', 'SENT_EMAIL']);
      const sentItem = items[3]!;
      assert.equal(sentItem.entityId, reply.id);
      assert.deepEqual(sentItem.to, ['carol@example.com']);
      assert.equal(sentItem.inReplyTo, 'reply-3@example.com');
      assert.equal(sentItem.read, true);
      const thread = await api.getEmailThread({ threadId: conversationId });
      assert.equal(iso(thread.updatedAt), iso(clock.now()));
      assert.equal((await api.getEmailThreads({ inboxId: inbox.id })).content![0]!.messageCount, 4);

      clock.advance(1000);
      const local = await tenant.mailslurp.sendEmail(inbox.id, { to: [other.emailAddress], subject: 'Note to self', body: 'hello me' });
      const received = await tenant.inboxApi.getLatestEmailInInbox({ inboxId: other.id, timeoutMillis: 5000 });
      assert.equal(received.subject, 'Note to self');
      assert.ok(local.threadId);
      assert.equal(received.threadId, local.threadId, 'the receipt and the received copy share a thread');
      const noteItems = (await api.getEmailThreadItems({ threadId: local.threadId! })).items;
      assert.deepEqual(noteItems.map((i) => [i.itemType, i.entityId]), [['SENT_EMAIL', local.id], ['RECEIVED_EMAIL', received.id]]);
      assert.equal((await api.getEmailThreads({})).totalElements, 3);
    });

    test('a thread whose messages are all deleted is gone', async () => {
      const fresh = await tenant.mailslurp.createInbox();
      const lone = await deliver(tenant, fresh, message({ from: 'eve@example.com', to: fresh.emailAddress, subject: 'Short-lived' }));
      const threadId = (await api.getEmail({ emailId: lone.id })).threadId!;
      assert.equal((await api.getEmailThread({ threadId })).subject, 'Short-lived');
      await api.deleteEmail({ emailId: lone.id });
      assert.equal(await statusOf(api.getEmailThread({ threadId })), 404);
      assert.equal(await statusOf(api.getEmailThreadItems({ threadId })), 404);
      assert.deepEqual(ids((await api.getEmailThreads({ inboxId: fresh.id })).content), []);
    });
  });

  describe('backfill', () => {
    test('migration 0009 gives mail stored before threads existed the threads new mail gets', async () => {
      const db = await freshDatabase(dialect);
      const k = inspect(db);
      try {
        const { repos } = db.store;
        const tenantId = randomUUID();
        const inboxId = randomUUID();
        const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
        await repos.users.create({ id: tenantId, email: `${tenantId}@example.com`, name: null, isAdmin: false, createdAt: at(0) });
        await repos.inboxes.create({
          id: inboxId, tenantId, emailAddress: `${inboxId}@pigeonhole.test`, localPart: inboxId, domain: 'pigeonhole.test', domainId: null,
          name: null, description: null, favourite: false, inboxType: 'HTTP', virtualInbox: false, expiresAt: null, createdAt: at(0), tags: [],
        });
        const received = (s: number, messageId: string | null, inReplyTo: string | null, references?: string): EmailRecord => ({
          id: randomUUID(), tenantId, inboxId, messageId, inReplyTo, subject: `s${s}`, from: 'a@example.com', sender: null,
          recipients: { to: [], cc: [], bcc: [] }, replyTo: null, charset: null, bodyMd5: '', bodyPartContentTypes: [], sizeBytes: 1,
          rawSha256: `raw${s}`, attachmentIds: [], read: false, favourite: false, createdAt: at(s), updatedAt: at(s),
          headers: references ? [['References', references]] : [], textBody: 'x', htmlBody: null,
        });
        const emails = [
          received(1, '<r1@x>', null),
          received(2, '<r2@x>', '<r1@x>'),
          received(4, '<r3@x>', null, '<r1@x> <r2@x>'),
          received(5, '<u1@x>', null),
          received(7, '<s1@x>', null), // the received copy of the sent message below
        ];
        for (const email of emails) await repos.emails.storeIncoming([{ email, raw: Buffer.from(email.rawSha256), attachments: [] }]);
        const sent: SentEmailRecord = {
          id: randomUUID(), tenantId, inboxId, messageId: '<s1@x>', inReplyTo: null, subject: 'sent', from: 'me@example.com',
          sender: { rawValue: 'me@example.com', emailAddress: 'me@example.com', name: null }, recipients: { to: [], cc: [], bcc: [] },
          replyTo: null, headers: [], bodyMd5: '', isHtml: false, charset: null, virtualSend: false, sizeBytes: 1, rawSha256: 'rawsent',
          createdAt: at(6), attachmentIds: [],
        };
        await repos.sent.create(sent, Buffer.from('sent'));
        const live = [...emails.map((e) => e.threadId), sent.threadId];
        assert.equal(new Set(live).size, 3, 'conversation, unrelated, sent-and-received');

        // Back to before 0009 (taking down first the later migration that indexes thread_id), and up again.
        await threadIndexMigration.down(k);
        await threadsMigration.down(k);
        await threadsMigration.up(k);
        await threadIndexMigration.up(k);
        const threadOf = new Map<string, string | null>();
        for (const row of await k.selectFrom('emails').select(['id', 'thread_id']).execute()) threadOf.set(row.id, row.thread_id);
        for (const row of await k.selectFrom('sent_emails').select(['id', 'thread_id']).execute()) threadOf.set(row.id, row.thread_id);
        const backfilled = [...emails.map((e) => threadOf.get(e.id)), threadOf.get(sent.id)];
        // The same partition into threads (ids are new): equal where the live ones were equal.
        for (let i = 0; i < live.length; i++) {
          for (let j = 0; j < live.length; j++) assert.equal(backfilled[i] === backfilled[j], live[i] === live[j], `messages ${i} and ${j}`);
        }
        assert.ok(backfilled.every((t) => typeof t === 'string'));
        const thread = await repos.threads.findById(tenantId, backfilled[0]!);
        assert.equal(thread?.messageCount, 3);
        assert.equal(thread?.createdAt.toISOString(), at(1).toISOString());
      } finally {
        await k.destroy();
        await db.cleanup();
      }
    });
  });
});
