import { sql, type ExpressionBuilder, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, DeliveryStatusesTable, SentEmailsTable } from '../schema.js';
import type {
  DeliveryOutcome, DeliveryStatusRecord, MailAddress, SentEmailFilter, SentEmailRecord, SentEmailRepository,
} from '../ports.js';
import { BY_CREATION, paged } from './paged.js';
import { collectBlobs, putBlob } from './blobs.js';
import { assignThread } from './threading.js';
import { threadKeys } from '../../core/threading.js';
import { containsPattern, flag, fromMillis, isSet, toMillis } from './rows.js';
import { ownedBy } from './team-access-repository.js';
import { recordDomainEvents } from './domain-event-repository.js';

const toSent = (row: Selectable<SentEmailsTable>): SentEmailRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  inboxId: row.inbox_id,
  messageId: row.message_id,
  inReplyTo: row.in_reply_to,
  subject: row.subject,
  from: row.from_address,
  sender: JSON.parse(row.sender_json) as MailAddress,
  recipients: JSON.parse(row.recipients_json) as SentEmailRecord['recipients'],
  replyTo: row.reply_to,
  headers: JSON.parse(row.headers_json) as Array<[string, string]>,
  bodyMd5: row.body_md5,
  isHtml: isSet(row.is_html),
  charset: row.charset,
  virtualSend: isSet(row.virtual_send),
  sizeBytes: Number(row.size_bytes),
  rawSha256: row.raw_sha256,
  createdAt: fromMillis(row.created_at),
  attachmentIds: JSON.parse(row.attachment_ids_json) as string[],
  threadId: row.thread_id,
  templateId: row.template_id,
});

const toStatus = (row: Selectable<DeliveryStatusesTable>): DeliveryStatusRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  sentId: row.sent_id,
  inboxId: row.inbox_id,
  recipient: row.recipient,
  outcome: row.outcome as DeliveryOutcome,
  smtpStatusCode: row.smtp_status_code,
  smtpResponse: row.smtp_response,
  reportingMta: row.reporting_mta,
  processingMs: row.processing_ms,
  createdAt: fromMillis(row.created_at),
});

function whereFilter(tenantId: string, filter: SentEmailFilter & { id?: string }) {
  return (eb: ExpressionBuilder<Database, 'sent_emails'>) => {
    const and = [ownedBy(eb, 'sent_emails.tenant_id', tenantId, filter.organizationId)];
    if (filter.id !== undefined) and.push(eb('sent_emails.id', '=', filter.id));
    if (filter.inboxId !== undefined) and.push(eb('sent_emails.inbox_id', '=', filter.inboxId));
    if (filter.since) and.push(eb('sent_emails.created_at', '>', toMillis(filter.since)));
    if (filter.before) and.push(eb('sent_emails.created_at', '<', toMillis(filter.before)));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      and.push(eb.or([
        sql<boolean>`lower(sent_emails.subject) like ${pattern} escape '\\'`,
        sql<boolean>`lower(sent_emails.recipients_json) like ${pattern} escape '\\'`,
      ]));
    }
    return eb.and(and);
  };
}

/** Deletes the tenant's matching receipts (with statuses and bytes nothing else uses) inside the caller's transaction. */
export async function deleteSentWhere(trx: Transaction<Database>, tenantId: string, filter: SentEmailFilter & { id?: string }) {
  const rows = await trx.selectFrom('sent_emails').select(['id', 'raw_sha256']).where(whereFilter(tenantId, filter)).execute();
  const ids = rows.map((r) => r.id);
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await trx.deleteFrom('delivery_statuses').where('sent_id', 'in', chunk).execute();
    await trx.deleteFrom('sent_emails').where('id', 'in', chunk).execute();
  }
  await collectBlobs(trx, rows.map((r) => r.raw_sha256));
  return ids;
}

export function sentEmailRepository(db: Kysely<Database>): SentEmailRepository {
  return {
    async create(sent, raw) {
      await db.transaction().execute(async (trx) => {
        await putBlob(trx, sent.rawSha256, raw, toMillis(sent.createdAt));
        sent.threadId = await assignThread(trx, sent.tenantId, threadKeys(sent), toMillis(sent.createdAt));
        await trx
          .insertInto('sent_emails')
          .values({
            id: sent.id,
            tenant_id: sent.tenantId,
            inbox_id: sent.inboxId,
            message_id: sent.messageId,
            in_reply_to: sent.inReplyTo,
            subject: sent.subject,
            from_address: sent.from,
            sender_json: JSON.stringify(sent.sender),
            recipients_json: JSON.stringify(sent.recipients),
            reply_to: sent.replyTo,
            headers_json: JSON.stringify(sent.headers),
            body_md5: sent.bodyMd5,
            is_html: flag(sent.isHtml),
            charset: sent.charset,
            virtual_send: flag(sent.virtualSend),
            size_bytes: sent.sizeBytes,
            raw_sha256: sent.rawSha256,
            created_at: toMillis(sent.createdAt),
            attachment_ids_json: JSON.stringify(sent.attachmentIds),
            thread_id: sent.threadId,
            template_id: sent.templateId ?? null,
          })
          .execute();
      });
    },

    async addStatuses(statuses) {
      if (statuses.length === 0) return;
      // Their domain events commit with the statuses (outbox; see domain-event-repository.ts).
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('delivery_statuses')
          .values(statuses.map((s) => ({
            id: s.id,
            tenant_id: s.tenantId,
            sent_id: s.sentId,
            inbox_id: s.inboxId,
            recipient: s.recipient,
            outcome: s.outcome,
            smtp_status_code: s.smtpStatusCode,
            smtp_response: s.smtpResponse,
            reporting_mta: s.reportingMta,
            processing_ms: s.processingMs,
            created_at: toMillis(s.createdAt),
          })))
          .execute();
        await recordDomainEvents(trx, statuses.map((s) => ({
          tenantId: s.tenantId, name: 'delivery-status.created' as const, inboxId: s.inboxId, entityId: s.id, occurredAt: s.createdAt,
        })));
      });
    },

    async findById(tenantId, id) {
      const row = await db.selectFrom('sent_emails').selectAll().where(whereFilter(tenantId, { id })).executeTakeFirst();
      return row && toSent(row);
    },

    async page(tenantId, filter, page) {
      const { items, total } = await paged(
        db.selectFrom('sent_emails').selectAll().where(whereFilter(tenantId, filter)), page, BY_CREATION,
      );
      return { items: items.map(toSent), total };
    },

    async count(tenantId, filter = {}) {
      const row = await db
        .selectFrom('sent_emails')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(whereFilter(tenantId, filter))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async raw(tenantId, id) {
      const row = await db
        .selectFrom('sent_emails')
        .innerJoin('blobs', 'blobs.sha256', 'sent_emails.raw_sha256')
        .select('blobs.content')
        .where('sent_emails.tenant_id', '=', tenantId)
        .where('sent_emails.id', '=', id)
        .executeTakeFirst();
      return row ? Buffer.from(row.content) : undefined;
    },

    deleteWhere: (tenantId, filter) => db.transaction().execute((trx) => deleteSentWhere(trx, tenantId, filter)),

    async statuses(tenantId, filter, page) {
      let query = db.selectFrom('delivery_statuses').where('tenant_id', '=', tenantId);
      if (filter.sentId) query = query.where('sent_id', '=', filter.sentId);
      if (filter.inboxId) query = query.where('inbox_id', '=', filter.inboxId);
      if (filter.since) query = query.where('created_at', '>', toMillis(filter.since));
      if (filter.before) query = query.where('created_at', '<', toMillis(filter.before));
      const { items, total } = await paged(query.selectAll(), page, BY_CREATION);
      return { items: items.map(toStatus), total };
    },

    async status(tenantId, id) {
      const row = await db.selectFrom('delivery_statuses').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toStatus(row);
    },
  };
}
