import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { AttachmentsTable, Database } from '../schema.js';
import type { AttachmentFilter, AttachmentListing, AttachmentRecord, AttachmentRepository } from '../ports.js';
import { collectBlobs, putBlob } from './blobs.js';
import { containsPattern, fromMillis, toMillis } from './rows.js';
import { paged } from './paged.js';

const toRecord = (row: Selectable<AttachmentsTable>): AttachmentRecord => ({
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

function whereFilter(tenantId: string, filter: AttachmentFilter & { id?: string }) {
  return (eb: ExpressionBuilder<Database, 'attachments'>) => {
    const and: Array<Expression<SqlBool>> = [eb('attachments.tenant_id', '=', tenantId)];
    if (filter.id !== undefined) and.push(eb('attachments.id', '=', filter.id));
    if (filter.ids) {
      // An empty list means "none of them", never "all".
      and.push(filter.ids.length > 0 ? eb('attachments.id', 'in', filter.ids) : eb('attachments.id', 'is', null));
    }
    if (filter.emailId !== undefined) and.push(eb('attachments.email_id', '=', filter.emailId));
    if (filter.inboxId !== undefined) {
      and.push(eb.exists(
        eb.selectFrom('emails')
          .select('emails.id')
          .whereRef('emails.id', '=', 'attachments.email_id')
          .where('emails.inbox_id', '=', filter.inboxId),
      ));
    }
    if (filter.since) and.push(eb('attachments.created_at', '>', toMillis(filter.since)));
    if (filter.before) and.push(eb('attachments.created_at', '<', toMillis(filter.before)));
    if (filter.fileName) {
      and.push(sql<boolean>`lower(${sql.ref('attachments.name')}) like ${containsPattern(filter.fileName)} escape '\\'`);
    }
    return eb.and(and);
  };
}

export function attachmentRepository(db: Kysely<Database>): AttachmentRepository {
  const listing = db
    .selectFrom('attachments')
    .leftJoin('emails', 'emails.id', 'attachments.email_id')
    .selectAll('attachments')
    .select('emails.inbox_id');
  const toListing = (row: Selectable<AttachmentsTable> & { inbox_id: string | null }): AttachmentListing => {
    const { inbox_id, ...attachment } = row;
    return { ...toRecord(attachment), inboxId: inbox_id };
  };

  return {
    async create(record, content) {
      await db.transaction().execute(async (trx) => {
        const at = toMillis(record.createdAt);
        await putBlob(trx, record.sha256, content, at);
        await trx
          .insertInto('attachments')
          .values({
            id: record.id,
            tenant_id: record.tenantId,
            email_id: record.emailId,
            position: 0,
            name: record.name,
            content_type: record.contentType,
            size: record.size,
            content_id: record.contentId,
            blob_sha256: record.sha256,
            created_at: at,
          })
          .execute();
      });
    },

    async findById(tenantId, id) {
      const row = await listing
        .where('attachments.tenant_id', '=', tenantId)
        .where('attachments.id', '=', id)
        .executeTakeFirst();
      return row ? toListing(row) : undefined;
    },

    async withContent(tenantId, id) {
      const row = await db
        .selectFrom('attachments')
        .innerJoin('blobs', 'blobs.sha256', 'attachments.blob_sha256')
        .selectAll('attachments')
        .select('blobs.content')
        .where('attachments.tenant_id', '=', tenantId)
        .where('attachments.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const { content, ...record } = row;
      return { record: toRecord(record), content: Buffer.from(content) };
    },

    async page(tenantId, filter, page) {
      const { items, total } = await paged(
        listing.where(whereFilter(tenantId, filter)),
        page,
        ['attachments.created_at', 'attachments.id'],
        // counted without the join to emails, which adds no rows
        db.selectFrom('attachments').select((eb) => eb.fn.countAll<number>().as('n')).where(whereFilter(tenantId, filter)),
      );
      return { items: items.map(toListing), total };
    },

    deleteWhere: (tenantId, filter) =>
      db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('attachments')
          .select(['id', 'email_id', 'blob_sha256'])
          .where(whereFilter(tenantId, filter))
          .execute();
        const ids = rows.map((r) => r.id);
        for (let i = 0; i < ids.length; i += 500) {
          await trx.deleteFrom('attachments').where('id', 'in', ids.slice(i, i + 500)).execute();
        }
        // Received emails keep an attachment count (lists skip the lookup when it is 0): recount.
        const emailIds = [...new Set(rows.flatMap((r) => (r.email_id ? [r.email_id] : [])))];
        for (let i = 0; i < emailIds.length; i += 500) {
          await trx
            .updateTable('emails')
            .set((eb) => ({
              attachment_count: eb
                .selectFrom('attachments')
                .select((sub) => sub.fn.countAll<number>().as('n'))
                .whereRef('attachments.email_id', '=', 'emails.id'),
            }))
            .where('emails.tenant_id', '=', tenantId)
            .where('emails.id', 'in', emailIds.slice(i, i + 500))
            .execute();
        }
        await collectBlobs(trx, rows.map((r) => r.blob_sha256));
        return ids;
      }),
  };
}
