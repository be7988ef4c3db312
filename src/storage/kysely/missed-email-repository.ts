import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { Database, MissedEmailsTable } from '../schema.js';
import type { MissedEmailFilter, MissedEmailRecord, MissedEmailRepository } from '../ports.js';
import { containsPattern, fromMillis, toMillis } from './rows.js';
import { BY_CREATION, ordered, paged } from './paged.js';

/** Every column but the raw bytes: lists never load what they do not show. */
const COLUMNS = [
  'id', 'tenant_id', 'inbox_id', 'from_address', 'subject', 'body_excerpt', 'recipients_json',
  'attachment_count', 'size_bytes', 'created_at', 'updated_at',
] as const;

type Row = Pick<Selectable<MissedEmailsTable>, (typeof COLUMNS)[number]>;

const toRecord = (row: Row): MissedEmailRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  inboxId: row.inbox_id,
  from: row.from_address,
  subject: row.subject,
  bodyExcerpt: row.body_excerpt,
  recipients: JSON.parse(row.recipients_json) as MissedEmailRecord['recipients'],
  attachmentCount: Number(row.attachment_count),
  sizeBytes: Number(row.size_bytes),
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

function whereFilter(tenantId: string, filter: MissedEmailFilter) {
  return (eb: ExpressionBuilder<Database, 'missed_emails'>) => {
    const and = [eb('tenant_id', '=', tenantId)];
    if (filter.inboxId !== undefined) and.push(eb('inbox_id', '=', filter.inboxId));
    if (filter.inboxGone) {
      and.push(eb.not(eb.exists(eb.selectFrom('inboxes').select('inboxes.id').whereRef('inboxes.id', '=', 'missed_emails.inbox_id'))));
    }
    if (filter.since) and.push(eb('created_at', '>', toMillis(filter.since)));
    if (filter.before) and.push(eb('created_at', '<', toMillis(filter.before)));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
      and.push(eb.or([like('subject'), like('from_address'), like('recipients_json'), like('id')]));
    }
    return eb.and(and);
  };
}

export function missedEmailRepository(db: Kysely<Database>): MissedEmailRepository {
  const matching = (tenantId: string, filter: MissedEmailFilter) =>
    db.selectFrom('missed_emails').select(COLUMNS).where(whereFilter(tenantId, filter));

  const list: MissedEmailRepository['list'] = async (tenantId, filter, range) => {
    const rows = await ordered(matching(tenantId, filter), range.sort, BY_CREATION).limit(range.limit).offset(range.offset).execute();
    return rows.map(toRecord);
  };

  const count: MissedEmailRepository['count'] = async (tenantId, filter = {}) => {
    const row = await db
      .selectFrom('missed_emails')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(whereFilter(tenantId, filter))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  return {
    async create(batch) {
      if (batch.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const { record, raw } of batch) {
          await trx
            .insertInto('missed_emails')
            .values({
              id: record.id,
              tenant_id: record.tenantId,
              inbox_id: record.inboxId,
              from_address: record.from,
              subject: record.subject,
              body_excerpt: record.bodyExcerpt,
              recipients_json: JSON.stringify(record.recipients),
              attachment_count: record.attachmentCount,
              size_bytes: record.sizeBytes,
              raw,
              created_at: toMillis(record.createdAt),
              updated_at: toMillis(record.updatedAt),
            })
            .execute();
        }
      });
    },

    async findById(tenantId, id) {
      const row = await db.selectFrom('missed_emails').select(COLUMNS).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    async page(tenantId, filter, page) {
      const { items, total } = await paged(matching(tenantId, filter), page, BY_CREATION);
      return { items: items.map(toRecord), total };
    },

    list,
    count,

    async raw(tenantId, id) {
      const row = await db.selectFrom('missed_emails').select('raw').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row ? Buffer.from(row.raw) : undefined;
    },

    async delete(tenantId, id) {
      const result = await db.deleteFrom('missed_emails').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
