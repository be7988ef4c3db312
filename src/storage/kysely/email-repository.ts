import { mailAuthResultRepository } from './mail-auth-repository.js';
import { PostgresAdapter, sql, type Expression, type ExpressionBuilder, type SqlBool, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AttachmentsTable, Database, EmailsTable } from '../schema.js';
import type {
  AttachmentRecord, EmailFilter, EmailRecord, EmailRepository, EmailSummary, MailAddress,
} from '../ports.js';
import { collectBlobs } from './blobs.js';
import { BY_CREATION, ordered, paged } from './paged.js';
import { flag, fromMillis, isSet, toMillis } from './rows.js';
import { searchConditions, type WordsForm } from './email-search-sql.js';
import { searchedPage } from './email-search-page.js';
import { ownedBy } from './team-access-repository.js';
import { recordDomainEvents } from './domain-event-repository.js';
import { storeIncomingGroup } from './store-incoming.js';
import { storeIncomingGroupPostgres } from './store-incoming-postgres.js';
import type pg from 'pg';
import { relaxedTransaction } from './dialect/relaxed-commit.js';
import { compiledOnce } from './compiled-once.js';

/** Every column but the bodies and headers: lists never load what they do not show. */
const SUMMARY_COLUMNS = [
  'id', 'tenant_id', 'inbox_id', 'message_id', 'in_reply_to', 'subject', 'from_address', 'sender_json',
  'recipients_json', 'reply_to', 'charset', 'body_md5', 'body_part_content_types', 'size_bytes', 'raw_sha256',
  'attachment_count', 'read', 'favourite', 'created_at', 'updated_at', 'thread_id', 'plus_address_id',
] as const;

/**
 * Pages of mail carry the start of the text body for a preview line (EmailProjection.textExcerpt):
 * a bounded slice computed by the database, so a page never loads whole bodies. The text body of
 * HTML-only mail is its visible text (parse.ts), so this covers both kinds.
 */
const PREVIEW_CHARS = 400;
const PREVIEW_HEAD = sql<string | null>`substr(text_body, 1, ${sql.lit(PREVIEW_CHARS)})`.as('preview_head');

type SummaryRow = Pick<Selectable<EmailsTable>, (typeof SUMMARY_COLUMNS)[number]> & { preview_head?: string | null };

const toSummary = (row: SummaryRow, attachmentIds: string[]): EmailSummary => ({
  id: row.id,
  tenantId: row.tenant_id,
  inboxId: row.inbox_id,
  messageId: row.message_id,
  inReplyTo: row.in_reply_to,
  subject: row.subject,
  from: row.from_address,
  sender: row.sender_json ? (JSON.parse(row.sender_json) as MailAddress) : null,
  recipients: JSON.parse(row.recipients_json) as EmailSummary['recipients'],
  replyTo: row.reply_to,
  charset: row.charset,
  bodyMd5: row.body_md5,
  bodyPartContentTypes: JSON.parse(row.body_part_content_types) as string[],
  sizeBytes: Number(row.size_bytes),
  rawSha256: row.raw_sha256,
  attachmentIds,
  read: isSet(row.read),
  favourite: isSet(row.favourite),
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
  threadId: row.thread_id,
  plusAddressId: row.plus_address_id,
  ...(row.preview_head !== undefined ? { previewText: row.preview_head } : {}),
});

const toAttachment = (row: Selectable<AttachmentsTable>): AttachmentRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  emailId: row.email_id,
  name: row.name,
  contentType: row.content_type,
  size: Number(row.size),
  contentId: row.content_id,
  sha256: row.blob_sha256,
  createdAt: fromMillis(row.created_at),
});

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;
/** The tenant whose index words a search walks: none for an organisation's mail, which spans tenants. */
const searchTenant = (tenantId: string, filter: EmailFilter) => (filter.organizationId === undefined ? tenantId : undefined);

/**
 * The filter's conditions; `db` tells the dialect, which the full-text search is written in,
 * and `words` the form its words take (email-search-sql.ts).
 */
function whereFilter(db: Kysely<Database>, tenantId: string, filter: EmailFilter & { id?: string }, words: WordsForm = 'index-first') {
  const postgres = isPostgres(db);
  return (eb: ExpressionBuilder<Database, 'emails'>) => {
    const and: Expression<SqlBool>[] = [ownedBy(eb, 'emails.tenant_id', tenantId, filter.organizationId)];
    if (filter.id !== undefined) and.push(eb('emails.id', '=', filter.id));
    if (filter.inboxIds) {
      // An empty list means "none of them", never "all".
      and.push(filter.inboxIds.length > 0 ? eb('emails.inbox_id', 'in', filter.inboxIds) : eb('emails.id', 'is', null));
    }
    if (filter.unreadOnly) and.push(eb('emails.read', '=', 0));
    if (filter.favourite) and.push(eb('emails.favourite', '=', 1));
    if (filter.since) and.push(eb('emails.created_at', '>', toMillis(filter.since)));
    if (filter.before) and.push(eb('emails.created_at', '<', toMillis(filter.before)));
    if (filter.plusAddressId !== undefined) and.push(eb('emails.plus_address_id', '=', filter.plusAddressId));
    if (filter.ids) {
      and.push(filter.ids.length > 0 ? eb('emails.id', 'in', filter.ids) : eb('emails.id', 'is', null));
    }
    if (filter.search) {
      and.push(...searchConditions(eb, filter.search, { postgres, tenantId: searchTenant(tenantId, filter), words }));
    }
    return eb.and(and);
  };
}

async function attachmentIdsFor(db: Kysely<Database>, emailIds: string[]): Promise<Map<string, string[]>> {
  const byEmail = new Map<string, string[]>(emailIds.map((id) => [id, []]));
  if (emailIds.length === 0) return byEmail;
  const rows = await db
    .selectFrom('attachments')
    .select(['id', 'email_id'])
    .where('email_id', 'in', emailIds)
    .orderBy('position')
    .execute();
  for (const row of rows) if (row.email_id) byEmail.get(row.email_id)?.push(row.id);
  return byEmail;
}

async function summaries(db: Kysely<Database>, rows: SummaryRow[]): Promise<EmailSummary[]> {
  const withAttachments = rows.filter((r) => r.attachment_count > 0).map((r) => r.id);
  const ids = await attachmentIdsFor(db, withAttachments);
  return rows.map((row) => toSummary(row, ids.get(row.id) ?? []));
}

/** Summaries of the emails with these ids, in the order given. */
async function summariesById(db: Kysely<Database>, ids: string[]): Promise<EmailSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('emails').select(SUMMARY_COLUMNS).select(PREVIEW_HEAD).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return summaries(db, ids.map((id) => byId.get(id)).filter((row) => row !== undefined));
}

/** getEmail's row (compiled once: compiled-once.ts). */
const emailById = compiledOnce((db, tenantId: string, id: string) => db
  .selectFrom('emails')
  .select([...SUMMARY_COLUMNS, 'headers_json', 'text_body', 'html_body'])
  .where('tenant_id', '=', tenantId)
  .where('id', '=', id));

export function emailRepository(db: Kysely<Database>, options: { pgPool?: pg.Pool } = {}): EmailRepository {
  const { pgPool } = options;
  return {
    async storeIncoming(batch) {
      if (batch.length === 0) return;
      // PostgreSQL: the same rows in two round trips (store-incoming-postgres.ts)
      if (pgPool) return storeIncomingGroupPostgres(db, pgPool, batch);
      // one transaction, a fixed number of statements for the whole batch (store-incoming.ts)
      await db.transaction().execute((trx) => storeIncomingGroup(trx, batch));
    },

    async findById(tenantId, id) {
      const [row] = await emailById(db, tenantId, id);
      if (!row) return undefined;
      const [[summary], authentication] = await Promise.all([
        summaries(db, [row]),
        mailAuthResultRepository(db).forEmail(tenantId, id),
      ]);
      return {
        ...summary!,
        headers: JSON.parse(row.headers_json) as Array<[string, string]>,
        textBody: row.text_body,
        htmlBody: row.html_body,
        authentication: authentication ?? null,
      };
    },

    async page(tenantId, filter, page) {
      if (filter.search && filter.search.terms.length > 0) {
        const { ids, total } = await searchedPage({
          db, postgres: isPostgres(db), search: filter.search, tenantId: searchTenant(tenantId, filter),
          where: (words) => whereFilter(db, tenantId, filter, words),
        }, page);
        return { items: await summariesById(db, ids), total };
      }
      const { items, total } = await paged(
        db.selectFrom('emails').select(SUMMARY_COLUMNS).select(PREVIEW_HEAD).where(whereFilter(db, tenantId, filter)), page, BY_CREATION,
      );
      return { items: await summaries(db, items), total };
    },

    async list(tenantId, filter, sort, limit) {
      const rows = await ordered(db.selectFrom('emails').select(SUMMARY_COLUMNS).where(whereFilter(db, tenantId, filter)), sort, BY_CREATION)
        .limit(limit)
        .execute();
      return summaries(db, rows);
    },

    async count(tenantId, filter = {}) {
      const row = await db
        .selectFrom('emails')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(whereFilter(db, tenantId, filter))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async setRead(tenantId, filter, read, at) {
      if (read) {
        // Mail turning read is a domain event, committed with the change (outbox).
        // Read marks do not wait for the disk flush (relaxed-commit.ts): reading an email answers sooner.
        return relaxedTransaction(db, async (trx) => {
          const changed = await trx
            .updateTable('emails')
            .set({ read: 1, updated_at: toMillis(at) })
            .where(whereFilter(db, tenantId, filter))
            .where('read', '=', 0)
            .returning(['id', 'inbox_id'])
            .execute();
          await recordDomainEvents(trx, changed.map((row) => ({
            tenantId, name: 'email.read' as const, inboxId: row.inbox_id, entityId: row.id, occurredAt: at,
          })));
          return changed.length;
        });
      }
      const result = await db
        .updateTable('emails')
        .set({ read: flag(read), updated_at: toMillis(at) })
        .where(whereFilter(db, tenantId, filter))
        .where('read', '=', flag(!read))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async setFavourite(tenantId, id, favourite, at) {
      const result = await db
        .updateTable('emails')
        .set({ favourite: flag(favourite), updated_at: toMillis(at) })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    deleteWhere: (tenantId, filter) =>
      db.transaction().execute((trx) => deleteEmailsWhere(trx, tenantId, filter)),

    async raw(tenantId, emailId) {
      const row = await db
        .selectFrom('emails')
        .innerJoin('blobs', 'blobs.sha256', 'emails.raw_sha256')
        .select('blobs.content')
        .where('emails.tenant_id', '=', tenantId)
        .where('emails.id', '=', emailId)
        .executeTakeFirst();
      return row ? Buffer.from(row.content) : undefined;
    },

    async attachments(tenantId, emailId) {
      const rows = await db
        .selectFrom('attachments')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('email_id', '=', emailId)
        .orderBy('position')
        .execute();
      return rows.map(toAttachment);
    },

    async attachment(tenantId, attachmentId) {
      const row = await db
        .selectFrom('attachments')
        .innerJoin('blobs', 'blobs.sha256', 'attachments.blob_sha256')
        .selectAll('attachments')
        .select('blobs.content')
        .where('attachments.tenant_id', '=', tenantId)
        .where('attachments.id', '=', attachmentId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { content, ...record } = row;
      return { record: toAttachment(record), content: Buffer.from(content) };
    },
  };
}

/**
 * Deletes the tenant's matching emails, their attachments, and the bytes no longer
 * referenced, inside the caller's transaction (inbox deletion uses it too).
 */
export async function deleteEmailsWhere(
  trx: Transaction<Database>,
  tenantId: string,
  filter: EmailFilter & { id?: string },
): Promise<string[]> {
  const rows = await trx.selectFrom('emails').select(['id', 'raw_sha256']).where(whereFilter(trx, tenantId, filter)).execute();
  const ids = rows.map((r) => r.id);
  const hashes = rows.map((r) => r.raw_sha256);
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const attachments = await trx.selectFrom('attachments').select('blob_sha256').where('email_id', 'in', chunk).execute();
    hashes.push(...attachments.map((a) => a.blob_sha256));
    await trx.deleteFrom('attachments').where('email_id', 'in', chunk).execute();
    await trx.deleteFrom('emails').where('id', 'in', chunk).execute();
  }
  await collectBlobs(trx, hashes);
  return ids;
}
