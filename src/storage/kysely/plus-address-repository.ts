import type { Kysely, Selectable } from 'kysely';
import type { Database, PlusAddressesTable } from '../schema.js';
import type { PlusAddressRecord, PlusAddressRepository } from '../ports.js';
import { BY_CREATION, paged } from './paged.js';
import { fromMillis, toMillis } from './rows.js';

const toRecord = (row: Selectable<PlusAddressesTable>): PlusAddressRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  inboxId: row.inbox_id,
  plusAddress: row.plus_tag,
  fullAddress: row.full_address,
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

export function plusAddressRepository(db: Kysely<Database>): PlusAddressRepository {
  const findByAddress = async (tenantId: string, inboxId: string, fullAddress: string) => {
    const row = await db.selectFrom('plus_addresses').selectAll()
      .where('tenant_id', '=', tenantId).where('inbox_id', '=', inboxId).where('full_address', '=', fullAddress).executeTakeFirst();
    return row && toRecord(row);
  };

  return {
    async getOrCreate(record) {
      // Two first mails to the same plus address at once: the unique key keeps one row, both get it.
      await db.insertInto('plus_addresses').values({
        id: record.id,
        tenant_id: record.tenantId,
        inbox_id: record.inboxId,
        plus_tag: record.plusAddress,
        full_address: record.fullAddress,
        created_at: toMillis(record.createdAt),
        updated_at: toMillis(record.updatedAt),
      }).onConflict((oc) => oc.columns(['inbox_id', 'full_address']).doNothing()).execute();
      return (await findByAddress(record.tenantId, record.inboxId, record.fullAddress))!;
    },

    async findById(tenantId, id) {
      const row = await db.selectFrom('plus_addresses').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    findByAddress,

    async page(tenantId, filter, page) {
      let query = db.selectFrom('plus_addresses').selectAll().where('tenant_id', '=', tenantId);
      if (filter.inboxId !== undefined) query = query.where('inbox_id', '=', filter.inboxId);
      const { items, total } = await paged(query, page, BY_CREATION);
      return { items: items.map(toRecord), total };
    },
  };
}
