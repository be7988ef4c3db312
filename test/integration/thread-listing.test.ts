import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { describeEachDialect } from '../helpers/server.js';
import { freshDatabase, inspect, type TestDatabase } from '../helpers/databases.js';
import type { Database } from '../../src/storage/schema.js';
import type { EmailRecord, MailAddress, Repositories, SentEmailRecord, ThreadFilter } from '../../src/storage/ports.js';
import type { PageRequest } from '../../src/core/paging.js';

/**
 * threads.page and threads.findById (behind getEmailThreads and getEmailThread) over a few
 * thousand messages stored straight through the store, against the same answer computed in
 * memory from the stored rows: which threads are listed for each filter, their order, the
 * page, the total, and what each thread sums up (first, last, counts). The list used to be one
 * correlated subquery per thread (quadratic on SQLite); this proves the linear query answers
 * exactly the same. Speed is measured by bench/threads.ts, not here.
 */

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const address = (emailAddress: string): MailAddress => ({ name: null, emailAddress, rawValue: emailAddress });

describeEachDialect('thread listing against an in-memory computation', (dialect) => {
  let db: TestDatabase;
  let repos: Repositories;
  let raw: Kysely<Database>;
  const tenant = randomUUID();
  const other = randomUUID();
  const inboxes = [randomUUID(), randomUUID()];

  async function newTenant(id: string): Promise<void> {
    await repos.users.create({ id, email: `${id}@tenants.test`, name: null, isAdmin: false, createdAt: new Date(T0) });
  }
  async function newInbox(tenantId: string, id: string): Promise<void> {
    await repos.inboxes.create({
      id, tenantId, emailAddress: `${id}@threads.test`, localPart: id, domain: 'threads.test', domainId: null, name: null,
      description: null, favourite: false, inboxType: 'HTTP', virtualInbox: false, expiresAt: null, createdAt: new Date(T0), tags: [],
    });
  }

  function received(tenantId: string, inboxId: string, i: number, conversation: number, parent: string | null): EmailRecord {
    // Three messages share each second, so ties are broken by id (and sent before received).
    const at = new Date(T0 + Math.floor(i / 3) * 1000);
    const subject = i % 97 === 0 ? `Offer 100% off_${conversation}` : `Conv ${conversation} part ${i}`;
    return {
      id: randomUUID(), tenantId, inboxId, messageId: `<r${i}.${tenantId}@threads.test>`, inReplyTo: parent, subject,
      from: `sender${i % 13}@example.com`, sender: null, recipients: { to: [address(`rcpt${i % 11}@threads.test`)], cc: [], bcc: [] },
      replyTo: null, charset: null, bodyMd5: '', bodyPartContentTypes: [], sizeBytes: 8, rawSha256: randomBytes(16).toString('hex'),
      attachmentIds: [], read: i % 4 === 0, favourite: false, createdAt: at, updatedAt: at,
      headers: parent ? [['In-Reply-To', parent]] : [], textBody: `body ${i}`, htmlBody: null,
    };
  }

  /** `count` received messages: the first `threaded` in conversations of 20 (each answering the previous one), then one per thread. */
  async function receive(tenantId: string, count: number, threaded: number, inboxIds: string[]): Promise<EmailRecord[]> {
    const emails: EmailRecord[] = [];
    for (let i = 0; i < count; i += 1) {
      const inThread = i < threaded && i % 20 !== 0;
      const conversation = i < threaded ? Math.floor(i / 20) : i;
      emails.push(received(tenantId, inboxIds[i % inboxIds.length]!, i, conversation, inThread ? emails[i - 1]!.messageId : null));
    }
    for (let i = 0; i < emails.length; i += 250) {
      await repos.emails.storeIncoming(emails.slice(i, i + 250).map((email) => ({ email, raw: Buffer.from(`raw ${email.id}`), attachments: [] })));
    }
    return emails;
  }

  before(async () => {
    db = await freshDatabase(dialect);
    repos = db.store.repos;
    raw = inspect(db);
    await newTenant(tenant);
    await newTenant(other);
    for (const id of inboxes) await newInbox(tenant, id);
    const otherInbox = randomUUID();
    await newInbox(other, otherInbox);

    const mine = await receive(tenant, 2400, 1200, inboxes);
    await receive(other, 300, 100, [otherInbox]);

    // Sent receipts: every 8th answers a received message (joining its thread), the rest start threads.
    for (let i = 0; i < 240; i += 1) {
      const answers = i % 8 === 0 ? mine[(i * 37) % mine.length]! : undefined;
      const at = new Date(T0 + Math.floor((i * 10) / 3) * 1000);
      const sent: SentEmailRecord = {
        id: randomUUID(), tenantId: tenant, inboxId: inboxes[(i + 1) % 2]!, messageId: `<s${i}.${tenant}@threads.test>`,
        inReplyTo: answers?.messageId ?? null, subject: answers ? `Re: ${answers.subject}` : `Outgoing ${i}`,
        from: `${inboxes[(i + 1) % 2]}@threads.test`, sender: address(`${inboxes[(i + 1) % 2]}@threads.test`),
        recipients: { to: [address(`outside${i % 5}@example.com`)], cc: [], bcc: [] }, replyTo: null,
        headers: answers ? [['In-Reply-To', answers.messageId!]] : [], bodyMd5: '', isHtml: false, charset: null, virtualSend: false,
        sizeBytes: 8, rawSha256: randomBytes(16).toString('hex'), createdAt: at, attachmentIds: [],
      };
      await repos.sent.create(sent, Buffer.from(`raw ${sent.id}`));
    }

    // Deleted mail: some threads lose a message, the single-message ones among them are gone.
    for (let i = 5; i < mine.length; i += 41) assert.deepEqual(await repos.emails.deleteWhere(tenant, { id: mine[i]!.id }), [mine[i]!.id]);
  });
  after(async () => {
    await raw.destroy();
    await db.cleanup();
  });

  interface Message { id: string; kind: 'RECEIVED_EMAIL' | 'SENT_EMAIL'; threadId: string; inboxId: string; text: string[]; read: boolean; at: number }

  /** The tenant's threads and messages as stored, read plainly. */
  async function stored() {
    const threads = await raw.selectFrom('email_threads').select(['id', 'created_at']).where('tenant_id', '=', tenant).execute();
    const emails = await raw.selectFrom('emails')
      .select(['id', 'thread_id', 'inbox_id', 'subject', 'from_address', 'recipients_json', 'read', 'created_at'])
      .where('tenant_id', '=', tenant).execute();
    const sent = await raw.selectFrom('sent_emails')
      .select(['id', 'thread_id', 'inbox_id', 'subject', 'from_address', 'recipients_json', 'created_at'])
      .where('tenant_id', '=', tenant).execute();
    const messages: Message[] = [
      ...emails.map((e): Message => ({
        id: e.id, kind: 'RECEIVED_EMAIL', threadId: e.thread_id!, inboxId: e.inbox_id, text: [e.subject ?? '', e.from_address ?? '', e.recipients_json],
        read: Boolean(Number(e.read)), at: Number(e.created_at),
      })),
      ...sent.map((s): Message => ({
        id: s.id, kind: 'SENT_EMAIL', threadId: s.thread_id!, inboxId: s.inbox_id, text: [s.subject ?? '', s.from_address ?? '', s.recipients_json],
        read: true, at: Number(s.created_at),
      })),
    ];
    const rank = (m: Message) => (m.kind === 'SENT_EMAIL' ? 0 : 1);
    messages.sort((a, b) => a.at - b.at || rank(a) - rank(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const byThread = new Map<string, Message[]>();
    for (const m of messages) byThread.set(m.threadId, [...(byThread.get(m.threadId) ?? []), m]);
    return { threads: threads.map((t) => ({ id: t.id, createdAt: Number(t.created_at) })), byThread };
  }

  /** getEmailThreads' rules, applied to the stored rows one by one. */
  function expected(data: Awaited<ReturnType<typeof stored>>, filter: ThreadFilter, page: PageRequest) {
    const needle = filter.search?.toLowerCase();
    const matching = data.threads.filter((t) => {
      const messages = data.byThread.get(t.id) ?? [];
      if (messages.length === 0) return false;
      if (filter.inboxId && !messages.some((m) => m.inboxId === filter.inboxId)) return false;
      if (filter.since && !(t.createdAt > filter.since.getTime())) return false;
      if (filter.before && !(t.createdAt < filter.before.getTime())) return false;
      if (needle !== undefined && !t.id.toLowerCase().includes(needle)
        && !messages.some((m) => m.text.some((v) => v.toLowerCase().includes(needle)))) return false;
      return true;
    });
    const direction = page.sort === 'DESC' ? -1 : 1;
    matching.sort((a, b) => direction * (a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
    const items = matching.slice(page.page * page.size, (page.page + 1) * page.size).map((t) => {
      const messages = data.byThread.get(t.id)!;
      return {
        id: t.id, createdAt: t.createdAt, first: messages[0]!.id, last: messages.at(-1)!.id, lastKind: messages.at(-1)!.kind,
        messageCount: messages.length, unreadCount: messages.filter((m) => !m.read).length,
      };
    });
    return { items, total: matching.length };
  }

  const summary = (slice: Awaited<ReturnType<Repositories['threads']['page']>>) => ({
    items: slice.items.map((t) => ({
      id: t.id, createdAt: t.createdAt.getTime(), first: t.first.id, last: t.last.id, lastKind: t.last.kind,
      messageCount: t.messageCount, unreadCount: t.unreadCount,
    })),
    total: slice.total,
  });

  test('every filter and page answers what the stored rows say', async () => {
    const data = await stored();
    const someThread = data.threads.find((t) => (data.byThread.get(t.id)?.length ?? 0) > 1)!;
    // The shape this is about: thousands of messages, many single-message threads, a few long ones.
    assert.ok(data.threads.length > 1300, `${data.threads.length} threads`);
    assert.ok([...data.byThread.values()].some((m) => m.length >= 20 && m.some((x) => x.kind === 'SENT_EMAIL')));

    const filters: ThreadFilter[] = [
      {},
      { inboxId: inboxes[0] },
      { inboxId: inboxes[1] },
      { inboxId: randomUUID() },
      { search: 'conv 7' },
      { search: 'CONV 12 PART' },
      { search: 'sender3@' },
      { search: 'rcpt5@threads' },
      { search: 'outside2' },
      { search: 're: conv' },
      { search: '100%' },
      { search: 'off_1' },
      { search: '_' },
      { search: someThread.id.slice(4, 16).toUpperCase() },
      { search: 'nothing matches this' },
      { since: new Date(T0 + 200_000) },
      { before: new Date(T0 + 300_000) },
      { since: new Date(T0 + 100_000), before: new Date(T0 + 500_000), inboxId: inboxes[1], search: 'part 1' },
      { inboxId: inboxes[0], search: 'outgoing' },
    ];
    const pages: PageRequest[] = [
      { page: 0, size: 20, sort: 'DESC' },
      { page: 0, size: 20, sort: 'ASC' },
      { page: 3, size: 50, sort: 'DESC' },
      { page: 7, size: 100, sort: 'ASC' },
      { page: 1000, size: 20, sort: 'ASC' },
    ];
    let nonEmpty = 0;
    for (const filter of filters) {
      for (const page of pages) {
        const want = expected(data, filter, page);
        const got = summary(await repos.threads.page(tenant, filter, page));
        assert.deepEqual(got, want, `${JSON.stringify(filter)} ${JSON.stringify(page)}`);
        if (want.items.length) nonEmpty += 1;
      }
    }
    assert.ok(nonEmpty > 40, `${nonEmpty} pages with threads`);
  });

  test('findById answers each listed thread, and nothing for a thread of another tenant or with no message left', async () => {
    const data = await stored();
    const everything = expected(data, {}, { page: 0, size: 100_000, sort: 'ASC' });
    for (const want of everything.items.filter((_, i) => i % 50 === 0)) {
      const found = await repos.threads.findById(tenant, want.id);
      assert.deepEqual(found && summary({ items: [found], total: 1 }).items[0], want);
    }
    const emptied = data.threads.find((t) => !data.byThread.has(t.id));
    assert.ok(emptied, 'a thread whose only message was deleted');
    assert.equal(await repos.threads.findById(tenant, emptied.id), undefined);
    const theirs = await raw.selectFrom('email_threads').select('id').where('tenant_id', '=', other).executeTakeFirstOrThrow();
    assert.equal(await repos.threads.findById(tenant, theirs.id), undefined);
    assert.equal((await repos.threads.page(tenant, { search: theirs.id }, { page: 0, size: 20, sort: 'ASC' })).total, 0);
  });
});
