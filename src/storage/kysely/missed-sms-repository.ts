import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Database } from '../schema.js';
import type { MissedSmsTable } from '../sms-pipeline-tables.js';
import type { MissedSmsFilter, MissedSmsRecord, MissedSmsRepository } from '../ports.js';
import { BY_CREATION, paged } from './paged.js';
import { containsPattern, fromMillis, toMillis } from './rows.js';

const toRecord = (row: Selectable<MissedSmsTable>): MissedSmsRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  phoneId: row.phone_id,
  fromNumber: row.from_number,
  toNumber: row.to_number,
  body: row.body,
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

function whereFilter(tenantId: string, filter: MissedSmsFilter) {
  return (eb: ExpressionBuilder<Database, 'missed_sms'>) => {
    const and: Expression<SqlBool>[] = [eb('tenant_id', '=', tenantId)];
    if (filter.phoneId) and.push(eb('phone_id', '=', filter.phoneId));
    if (filter.toNumber) and.push(eb('to_number', '=', filter.toNumber));
    if (filter.since) and.push(eb('created_at', '>', toMillis(filter.since)));
    if (filter.before) and.push(eb('created_at', '<', toMillis(filter.before)));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
      and.push(eb.or(['body', 'from_number', 'id'].map(like)));
    }
    return eb.and(and);
  };
}

export function missedSmsRepository(db: Kysely<Database>): MissedSmsRepository {
  return {
    async create(m) {
      await db.insertInto('missed_sms').values({
        id: m.id, tenant_id: m.tenantId, phone_id: m.phoneId, from_number: m.fromNumber, to_number: m.toNumber, body: m.body,
        created_at: toMillis(m.createdAt), updated_at: toMillis(m.updatedAt),
      }).execute();
    },

    async findById(tenantId, id) {
      const row = await db.selectFrom('missed_sms').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    async page(tenantId, filter, page) {
      const { items, total } = await paged(db.selectFrom('missed_sms').selectAll().where(whereFilter(tenantId, filter)), page, BY_CREATION);
      return { items: items.map(toRecord), total };
    },

    async count(tenantId) {
      const row = await db.selectFrom('missed_sms').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
