import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Database } from '../schema.js';
import type { SmsMediaTable } from '../sms-sink-tables.js';
import type { SmsMediaFilter, SmsMediaRecord, SmsMediaRepository } from '../ports.js';
import { BY_CREATION, paged } from './paged.js';
import { containsPattern, fromMillis, toMillis } from './rows.js';

const COLUMNS = ['id', 'tenant_id', 'sms_id', 'phone_id', 'position', 'url', 'content_type', 'size', 'created_at'] as const;

const toMedia = (row: Omit<Selectable<SmsMediaTable>, 'content'>): SmsMediaRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  smsId: row.sms_id,
  phoneId: row.phone_id,
  position: Number(row.position),
  url: row.url,
  contentType: row.content_type,
  size: Number(row.size),
  createdAt: fromMillis(row.created_at),
});

function whereFilter(tenantId: string, filter: SmsMediaFilter) {
  return (eb: ExpressionBuilder<Database, 'sms_media'>) => {
    const and: Expression<SqlBool>[] = [eb('tenant_id', '=', tenantId)];
    if (filter.phoneId) and.push(eb('phone_id', '=', filter.phoneId));
    if (filter.since) and.push(eb('created_at', '>', toMillis(filter.since)));
    if (filter.before) and.push(eb('created_at', '<', toMillis(filter.before)));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      const like = (column: string) => sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
      and.push(eb.or(['content_type', 'url', 'id'].map(like)));
    }
    return eb.and(and);
  };
}

export function smsMediaRepository(db: Kysely<Database>): SmsMediaRepository {
  return {
    async create(m, content) {
      await db.insertInto('sms_media').values({
        id: m.id, tenant_id: m.tenantId, sms_id: m.smsId, phone_id: m.phoneId, position: m.position, url: m.url,
        content_type: m.contentType, size: m.size, content, created_at: toMillis(m.createdAt),
      }).execute();
    },

    async findById(tenantId, id) {
      const row = await db.selectFrom('sms_media').select(COLUMNS).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toMedia(row);
    },

    async listOfSms(tenantId, smsIds) {
      if (smsIds.length === 0) return [];
      const rows = await db.selectFrom('sms_media').select(COLUMNS).where('tenant_id', '=', tenantId).where('sms_id', 'in', [...smsIds])
        .orderBy('sms_id').orderBy('position').execute();
      return rows.map(toMedia);
    },

    async page(tenantId, filter, page) {
      const { items, total } = await paged(db.selectFrom('sms_media').select(COLUMNS).where(whereFilter(tenantId, filter)), page, BY_CREATION);
      return { items: items.map(toMedia), total };
    },

    async content(tenantId, id) {
      const row = await db.selectFrom('sms_media').select('content').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && Buffer.from(row.content);
    },
  };
}
