import { PostgresAdapter, sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database, EmailsTable } from '../schema.js';
import type { EmailRecord, IncomingEmail } from '../ports.js';
import { newId } from '../../core/ids.js';
import { headerMessageId, threadKeys } from '../../core/threading.js';
import { flag, toMillis } from './rows.js';
import { recordDomainEvents } from './domain-event-repository.js';
import { withoutRetries } from './retry-dedupe.js';
import { insertAutomationJobs } from './automation-job-repository.js';
import { insertMailAuthResults } from './mail-auth-repository.js';
import { storedThreadRows } from './threading.js';
import { insertFtsRows, searchDocument, tsvectorOf } from './email-search-index.js';

/**
 * Rows per multi-row INSERT: well under SQLite's 32,766 and PostgreSQL's 65,535 bound
 * parameters for the widest table (emails, 26 columns).
 */
const ROWS_PER_INSERT = 100;

/**
 * Stores a group of incoming messages inside the caller's transaction with a number of
 * statements that does not grow with the group: one multi-row insert per table, one
 * thread lookup per table and tenant, one IMAP UID reservation per inbox, one insert of
 * domain events. (Storing message by message cost ~10 statements each, and compiling and
 * running them, not the commit, was most of the ingest's database time.)
 *
 * The result is what storing them one after the other would give: a message joins the
 * thread of the first of its threadKeys already stored (earlier messages of the group
 * count as stored), copies of one message for several inboxes of a tenant share a
 * thread, each inbox hands out IMAP UIDs in arrival order, and a retry of a copy stored
 * earlier (in the group or before it) is not stored at all (see withoutRetries).
 */
export async function storeIncomingGroup(
  trx: Transaction<Database>,
  group: IncomingEmail[],
  /** `searchIndex: false` only for the search benchmark's baseline (bench/search.ts): mail stored so is never found */
  options: { searchIndex?: boolean } = {},
): Promise<void> {
  // retries of mail already held are marked and left out first (retry-dedupe.ts)
  const batch = await withoutRetries(trx, group);
  if (batch.length === 0) return;
  await putBlobs(trx, batch);

  // Threads: what is already stored, looked up once for the whole group.
  const keysOf = batch.map(({ email }) => threadKeys(email));
  const storedThreads = await storedThreadsByKey(trx, batch, keysOf);
  const newThreads = assignThreads(batch, keysOf, storedThreads);
  for (const rows of chunks(newThreads)) await trx.insertInto('email_threads').values(rows).execute();

  const uids = await reserveImapUids(trx, batch.map(({ email }) => email.inboxId));
  const emailRows = batch.map(({ email }, i) => emailRow(email, uids[i]!));
  if (options.searchIndex === false) {
    for (const rows of chunks(emailRows)) await trx.insertInto('emails').values(rows).execute();
  } else {
    await insertEmailsIndexed(trx, batch, emailRows);
  }
  // the SPF/DKIM/DMARC/ARC verdicts of SMTP mail: never an email visible without them
  await insertMailAuthResults(trx, batch.map(({ email }) => email));

  for (const rows of chunks(attachmentRows(batch))) await trx.insertInto('attachments').values(rows).execute();

  // One domain event per stored copy commits with the mail (outbox; see domain-event-repository.ts).
  await recordDomainEvents(trx, receivedEvents(batch));

  // The automation jobs the stored copies set off commit with them (never for a retry left out above).
  await insertAutomationJobs(trx, batch.flatMap((item) => item.followUps ?? []));
}

/**
 * Sets each message's thread as storing them one after the other would, given the threads
 * already stored (storedThreadsByKey); returns the threads to create.
 */
export function assignThreads(batch: IncomingEmail[], keysOf: string[][], storedThreads: Map<string, string>): Insertable<Database['email_threads']>[] {
  const groupThreads = new Map<string, string>(); // tenant + key → thread of an earlier message of this group
  const threadOfCopy = new Map<string, string>(); // tenant + raw hash → thread of an earlier copy
  const newThreads: Insertable<Database['email_threads']>[] = [];
  batch.forEach(({ email }, i) => {
    const copyKey = `${email.tenantId}\n${email.rawSha256}`;
    let threadId = threadOfCopy.get(copyKey);
    if (!threadId) {
      const keys = keysOf[i]!;
      threadId = keys
        .map((k) => storedThreads.get(`${email.tenantId}\n${k}`) ?? groupThreads.get(`${email.tenantId}\n${k}`))
        .find((t) => t !== undefined);
      if (!threadId) {
        threadId = newId();
        newThreads.push({ id: threadId, tenant_id: email.tenantId, created_at: toMillis(email.createdAt) });
      }
      threadOfCopy.set(copyKey, threadId);
    }
    email.threadId = threadId;
    const own = headerMessageId(email.messageId);
    if (own && !groupThreads.has(`${email.tenantId}\n${own}`)) groupThreads.set(`${email.tenantId}\n${own}`, threadId);
  });
  return newThreads;
}

export function attachmentRows(batch: IncomingEmail[]): Insertable<Database['attachments']>[] {
  return batch.flatMap(({ email, attachments }) =>
    attachments.map(({ record }, position) => ({
      id: record.id,
      tenant_id: record.tenantId,
      email_id: email.id,
      position,
      name: record.name,
      content_type: record.contentType,
      size: record.size,
      content_id: record.contentId,
      blob_sha256: record.sha256,
      created_at: toMillis(email.createdAt),
    })),
  );
}

/** One domain event per stored copy. */
export const receivedEvents = (batch: IncomingEmail[]) => batch.map(({ email }) => ({
  tenantId: email.tenantId, name: 'email.received' as const, inboxId: email.inboxId, entityId: email.id, occurredAt: email.createdAt,
}));

/** The search index's document of each message, in order (email-search-index.ts). */
export const searchDocuments = (batch: IncomingEmail[]) =>
  batch.map(({ email, attachments }) => searchDocument({ ...email, attachmentNames: attachments.map((a) => a.record.name) }));

/**
 * The email rows and their full-text index entries (email-search-index.ts), in the same
 * transaction: on PostgreSQL the row's own tsvector, on SQLite one more multi-row insert into
 * the FTS5 table keyed by the rowids the insert returns.
 */
async function insertEmailsIndexed(trx: Transaction<Database>, batch: IncomingEmail[], emailRows: Insertable<EmailsTable>[]): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    for (const rows of chunks(withSearchVectors(batch, emailRows))) await trx.insertInto('emails').values(rows).execute();
    return;
  }
  const docs = searchDocuments(batch);
  const docOf = new Map(emailRows.map((row, i) => [row.id, docs[i]!]));
  for (const rows of chunks(emailRows)) {
    const stored = await trx.insertInto('emails').values(rows).returning(['id', sql<number>`rowid`.as('rowid')]).execute();
    await insertFtsRows(trx, stored.map(({ id, rowid }) => ({ rowid, doc: docOf.get(id)! })));
  }
}

/** PostgreSQL: the email rows with their search vector (email-search-index.ts). */
export function withSearchVectors(batch: IncomingEmail[], emailRows: Insertable<EmailsTable>[]) {
  const docs = searchDocuments(batch);
  return emailRows.map((row, i) => ({ ...row, search_tsv: tsvectorOf(docs[i]!) }));
}

export function chunks<T>(rows: T[], size = ROWS_PER_INSERT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Every raw message and attachment body once per hash. The upsert (rather than "do
 * nothing") takes the row lock, so a concurrent garbage collection of the same hash waits
 * for this transaction; rows go in hash order so concurrent writers lock them in one order.
 */
async function putBlobs(trx: Transaction<Database>, batch: IncomingEmail[]): Promise<void> {
  for (const upsert of blobUpserts(trx, batch)) await upsert.execute();
}

/** The upserts of putBlobs, a statement per ROWS_PER_INSERT distinct blobs. */
export function blobUpserts(db: Kysely<Database>, batch: IncomingEmail[]) {
  const blobs = new Map<string, { content: Buffer; at: number }>();
  const add = (sha256: string, content: Buffer, at: number) => {
    const seen = blobs.get(sha256);
    // as if stored one after the other: the last writer's time stays
    if (!seen || seen.at < at) blobs.set(sha256, { content, at });
  };
  for (const { email, raw, attachments } of batch) {
    const at = toMillis(email.createdAt);
    add(email.rawSha256, raw, at);
    for (const { record, content } of attachments) add(record.sha256, content, at);
  }
  const rows = [...blobs]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([sha256, { content, at }]) => ({ sha256, size: content.length, encoding: 'identity', content, created_at: at }));
  return chunks(rows).map((chunk) => db
    .insertInto('blobs')
    .values(chunk)
    .onConflict((oc) => oc.column('sha256').doUpdateSet({ created_at: (eb) => eb.ref('excluded.created_at') })));
}

/**
 * tenant + `<id>` → thread, for every thread key of the group already stored, received
 * or sent. Like assignThread (threading.ts): sent mail first, then received, the first
 * row per key wins; ids are matched in header form and bare, as storage may hold either.
 */
async function storedThreadsByKey(trx: Transaction<Database>, batch: IncomingEmail[], keysOf: string[][]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const [tenantId, candidates] of threadCandidates(batch, keysOf)) {
    const rows = [];
    for (const chunk of chunks(candidates, THREAD_CANDIDATES_PER_LOOKUP)) rows.push(...(await storedThreadRows(trx, tenantId, chunk)));
    addStoredThreads(found, tenantId, rows);
  }
  return found;
}

/** Message-IDs per lookup of storedThreadRows. */
export const THREAD_CANDIDATES_PER_LOOKUP = 500;

/** tenant → the Message-IDs to look up for the group's thread keys, in header form and bare. */
export function threadCandidates(batch: IncomingEmail[], keysOf: string[][]): Map<string, string[]> {
  const candidatesByTenant = new Map<string, Set<string>>();
  batch.forEach(({ email }, i) => {
    const set = candidatesByTenant.get(email.tenantId) ?? new Set<string>();
    for (const k of keysOf[i]!) set.add(k).add(k.slice(1, -1));
    candidatesByTenant.set(email.tenantId, set);
  });
  return new Map([...candidatesByTenant].filter(([, set]) => set.size > 0).map(([tenantId, set]) => [tenantId, [...set]]));
}

/** Adds a tenant's looked-up rows (of all its lookups) to `found`: tenant + `<id>` → thread. */
export function addStoredThreads(found: Map<string, string>, tenantId: string, rows: Array<{ message_id: string | null; thread_id: string | null; sent: number }>): void {
  rows.sort((a, b) => Number(b.sent) - Number(a.sent)); // sent mail first across chunks; stable within each
  for (const row of rows) {
    const key = headerMessageId(row.message_id);
    if (key && row.thread_id && !found.has(`${tenantId}\n${key}`)) found.set(`${tenantId}\n${key}`, row.thread_id);
  }
}

/**
 * IMAP UIDs for messages to these inboxes (one entry per message, in order): one counter
 * bump per inbox for all its messages of the group. 0 for an inbox deleted meanwhile:
 * inserting its email then fails on the foreign key.
 */
async function reserveImapUids(trx: Transaction<Database>, inboxIds: string[]): Promise<number[]> {
  const next = new Map<string, number>();
  for (const [inboxId, n] of messagesPerInbox(inboxIds)) {
    const row = await uidBump(trx, inboxId, n).returning('imap_uid_next').executeTakeFirst();
    next.set(inboxId, row ? Number(row.imap_uid_next) - n : 0);
  }
  return uidsInOrder(inboxIds, next);
}

/** How many of the messages go to each inbox. */
function messagesPerInbox(inboxIds: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of inboxIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

const uidBump = (db: Kysely<Database>, inboxId: string, n: number) =>
  db.updateTable('inboxes').set({ imap_uid_next: sql`imap_uid_next + ${n}` }).where('id', '=', inboxId);

/** The counter bumps of reserveImapUids, one statement per inbox of the batch (storing on PostgreSQL reads the counters first). */
export const uidBumps = (db: Kysely<Database>, inboxIds: string[]) =>
  [...messagesPerInbox(inboxIds)].map(([inboxId, n]) => uidBump(db, inboxId, n));

/** Each message's UID, in arrival order per inbox from that inbox's first free UID (0: the inbox is gone). */
export function uidsInOrder(inboxIds: string[], firstFree: Map<string, number>): number[] {
  const next = new Map(firstFree);
  return inboxIds.map((id) => {
    const uid = next.get(id) ?? 0;
    if (uid > 0) next.set(id, uid + 1);
    return uid;
  });
}

export function emailRow(email: EmailRecord, imapUid: number): Insertable<EmailsTable> {
  return {
    id: email.id,
    tenant_id: email.tenantId,
    inbox_id: email.inboxId,
    message_id: email.messageId,
    in_reply_to: email.inReplyTo,
    subject: email.subject,
    from_address: email.from,
    sender_json: email.sender ? JSON.stringify(email.sender) : null,
    recipients_json: JSON.stringify(email.recipients),
    reply_to: email.replyTo,
    headers_json: JSON.stringify(email.headers),
    text_body: email.textBody,
    html_body: email.htmlBody,
    charset: email.charset,
    body_md5: email.bodyMd5,
    body_part_content_types: JSON.stringify(email.bodyPartContentTypes),
    size_bytes: email.sizeBytes,
    raw_sha256: email.rawSha256,
    attachment_count: email.attachmentIds.length,
    read: flag(email.read),
    favourite: flag(email.favourite),
    created_at: toMillis(email.createdAt),
    updated_at: toMillis(email.updatedAt),
    thread_id: email.threadId ?? null,
    imap_uid: imapUid,
    plus_address_id: email.plusAddressId ?? null,
  };
}
