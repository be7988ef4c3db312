import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Database, TotpDevicesTable } from '../schema.js';
import type { TotpAlgorithm, TotpDeviceFilter, TotpDeviceRecord, TotpDeviceRepository } from '../ports.js';
import { BY_CREATION, ordered, paged } from './paged.js';
import { fromMillis, toMillis } from './rows.js';

const toRecord = (row: Selectable<TotpDevicesTable>): TotpDeviceRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  username: row.username,
  issuer: row.issuer,
  secretBase32: row.secret_base32,
  digits: Number(row.digits),
  period: Number(row.period),
  algorithm: row.algorithm as TotpAlgorithm,
  clockOffsetSeconds: Number(row.clock_offset_seconds),
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

function whereFilter(tenantId: string, filter: TotpDeviceFilter) {
  return (eb: ExpressionBuilder<Database, 'totp_devices'>) => {
    const and = [eb('tenant_id', '=', tenantId)];
    if (filter.name !== undefined) and.push(eb('name', '=', filter.name));
    if (filter.issuer !== undefined) and.push(eb('issuer', '=', filter.issuer));
    if (filter.username !== undefined) and.push(eb('username', '=', filter.username));
    return eb.and(and);
  };
}

export function totpDeviceRepository(db: Kysely<Database>): TotpDeviceRepository {
  return {
    async create(d) {
      await db
        .insertInto('totp_devices')
        .values({
          id: d.id,
          tenant_id: d.tenantId,
          name: d.name,
          username: d.username,
          issuer: d.issuer,
          secret_base32: d.secretBase32,
          digits: d.digits,
          period: d.period,
          algorithm: d.algorithm,
          clock_offset_seconds: d.clockOffsetSeconds,
          created_at: toMillis(d.createdAt),
          updated_at: toMillis(d.updatedAt),
        })
        .execute();
    },

    async findById(tenantId, id) {
      const row = await db.selectFrom('totp_devices').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    async findFirst(tenantId, filter) {
      const row = await ordered(db.selectFrom('totp_devices').selectAll().where(whereFilter(tenantId, filter)), 'DESC', BY_CREATION).limit(1).executeTakeFirst();
      return row && toRecord(row);
    },

    async page(tenantId, filter, page) {
      const { items, total } = await paged(db.selectFrom('totp_devices').selectAll().where(whereFilter(tenantId, filter)), page, BY_CREATION);
      return { items: items.map(toRecord), total };
    },

    async update(tenantId, id, change) {
      const result = await db
        .updateTable('totp_devices')
        .set({
          name: change.name,
          username: change.username,
          issuer: change.issuer,
          digits: change.digits,
          period: change.period,
          algorithm: change.algorithm,
          clock_offset_seconds: change.clockOffsetSeconds,
          updated_at: toMillis(change.updatedAt),
        })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(tenantId, id) {
      const result = await db.deleteFrom('totp_devices').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
