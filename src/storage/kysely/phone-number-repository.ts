import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Database, PhoneNumbersTable } from '../schema.js';
import type { PhoneNumberFilter, PhoneNumberRecord, PhoneNumberRepository } from '../ports.js';
import { BY_CREATION, paged } from './paged.js';
import { containsPattern, flag, fromMillis, isSet, toMillis } from './rows.js';
import { isUniqueViolation } from './unique-violation.js';

/** Numbers per IN (...) list: far below either dialect's bound-parameter limit. */
const NUMBERS_PER_STATEMENT = 500;

export const toPhone = (row: Selectable<PhoneNumbersTable>): PhoneNumberRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  phoneNumber: row.phone_number,
  phoneCountry: row.phone_country,
  name: row.name,
  description: row.description,
  tags: JSON.parse(row.tags_json) as string[],
  favourite: isSet(row.favourite),
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

/** A tag as it appears in tags_json ("tag", JSON-quoted), as a LIKE pattern matching it anywhere. */
const tagPattern = (tag: string): string => `%${JSON.stringify(tag).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereFilter(tenantId: string, filter: PhoneNumberFilter) {
  return (eb: ExpressionBuilder<Database, 'phone_numbers'>) => {
    const and: Expression<SqlBool>[] = [eb('tenant_id', '=', tenantId)];
    if (filter.none) and.push(sql<boolean>`1 = 0`);
    if (filter.ids) and.push(filter.ids.length > 0 ? eb('id', 'in', filter.ids) : sql<boolean>`1 = 0`);
    if (filter.phoneCountry) and.push(eb('phone_country', '=', filter.phoneCountry));
    if (filter.since) and.push(eb('created_at', '>', toMillis(filter.since)));
    if (filter.before) and.push(eb('created_at', '<', toMillis(filter.before)));
    if (filter.favourite !== undefined) and.push(eb('favourite', '=', flag(filter.favourite)));
    for (const tag of filter.tags ?? []) and.push(sql<boolean>`tags_json like ${tagPattern(tag)} escape '\\'`);
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      const like = (column: string) => sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
      and.push(eb.or(['phone_number', 'name', 'description', 'id'].map(like)));
    }
    return eb.and(and);
  };
}

export function phoneNumberRepository(db: Kysely<Database>): PhoneNumberRepository {
  const findOne = async (tenantId: string, column: 'id' | 'name' | 'phone_number', value: string) => {
    const row = await db
      .selectFrom('phone_numbers').selectAll()
      .where('tenant_id', '=', tenantId).where(column, '=', value)
      .orderBy('created_at').orderBy('id')
      .executeTakeFirst();
    return row && toPhone(row);
  };
  return {
    async create(p) {
      try {
        await db.insertInto('phone_numbers').values({
          id: p.id,
          tenant_id: p.tenantId,
          phone_number: p.phoneNumber,
          phone_country: p.phoneCountry,
          name: p.name,
          description: p.description,
          tags_json: JSON.stringify(p.tags),
          favourite: flag(p.favourite),
          created_at: toMillis(p.createdAt),
          updated_at: toMillis(p.updatedAt),
        }).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    findById: (tenantId, id) => findOne(tenantId, 'id', id),
    findByName: (tenantId, name) => findOne(tenantId, 'name', name),
    findByNumber: (tenantId, phoneNumber) => findOne(tenantId, 'phone_number', phoneNumber),

    async findAnyByNumber(phoneNumber) {
      const row = await db.selectFrom('phone_numbers').selectAll().where('phone_number', '=', phoneNumber).executeTakeFirst();
      return row && toPhone(row);
    },

    async taken(numbers) {
      const taken = new Set<string>();
      for (let i = 0; i < numbers.length; i += NUMBERS_PER_STATEMENT) {
        const chunk = numbers.slice(i, i + NUMBERS_PER_STATEMENT);
        const rows = await db.selectFrom('phone_numbers').select('phone_number').where('phone_number', 'in', chunk).execute();
        for (const row of rows) taken.add(row.phone_number);
      }
      return taken;
    },

    async page(tenantId, filter, page) {
      const { items, total } = await paged(db.selectFrom('phone_numbers').selectAll().where(whereFilter(tenantId, filter)), page, BY_CREATION);
      return { items: items.map(toPhone), total };
    },

    async tagLists(tenantId) {
      const rows = await db.selectFrom('phone_numbers').select('tags_json').where('tenant_id', '=', tenantId).execute();
      return rows.map((row) => JSON.parse(row.tags_json) as string[]);
    },

    async update(tenantId, id, change) {
      const result = await db
        .updateTable('phone_numbers')
        .set({
          ...(change.name !== undefined ? { name: change.name } : {}),
          ...(change.description !== undefined ? { description: change.description } : {}),
          ...(change.tags !== undefined ? { tags_json: JSON.stringify(change.tags) } : {}),
          ...(change.favourite !== undefined ? { favourite: flag(change.favourite) } : {}),
          updated_at: toMillis(change.updatedAt),
        })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(tenantId, id) {
      const result = await db.deleteFrom('phone_numbers').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async deleteAll(tenantId) {
      const result = await db.deleteFrom('phone_numbers').where('tenant_id', '=', tenantId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
