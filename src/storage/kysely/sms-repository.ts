import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Database, SmsMessagesTable } from '../schema.js';
import type { SmsFilter, SmsRecord, SmsRepository } from '../ports.js';
import { BY_CREATION, paged } from './paged.js';
import { recordDomainEvents } from './domain-event-repository.js';
import { containsPattern, flag, fromMillis, isSet, toMillis } from './rows.js';

const toSms = (row: Selectable<SmsMessagesTable>): SmsRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  phoneId: row.phone_id,
  fromNumber: row.from_number,
  toNumber: row.to_number,
  body: row.body,
  read: isSet(row.read),
  favourite: isSet(row.favourite),
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

function whereFilter(tenantId: string, filter: SmsFilter) {
  return (eb: ExpressionBuilder<Database, 'sms_messages'>) => {
    const and: Expression<SqlBool>[] = [eb('tenant_id', '=', tenantId)];
    if (filter.phoneId) and.push(eb('phone_id', '=', filter.phoneId));
    if (filter.ids) and.push(filter.ids.length > 0 ? eb('id', 'in', filter.ids) : sql<boolean>`1 = 0`);
    if (filter.since) and.push(eb('created_at', '>', toMillis(filter.since)));
    if (filter.before) and.push(eb('created_at', '<', toMillis(filter.before)));
    if (filter.unreadOnly) and.push(eb('read', '=', 0));
    if (filter.favourite !== undefined) and.push(eb('favourite', '=', flag(filter.favourite)));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
      and.push(eb.or(['body', 'from_number', 'id'].map(like)));
    }
    return eb.and(and);
  };
}

export function smsRepository(db: Kysely<Database>): SmsRepository {
  return {
    async create(m) {
      // The SMS and its domain event commit together (outbox; see domain-event-repository.ts).
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('sms_messages').values({
        id: m.id,
        tenant_id: m.tenantId,
        phone_id: m.phoneId,
        from_number: m.fromNumber,
        to_number: m.toNumber,
        body: m.body,
        read: flag(m.read),
        favourite: flag(m.favourite),
        created_at: toMillis(m.createdAt),
        updated_at: toMillis(m.updatedAt),
        }).execute();
        await recordDomainEvents(trx, [{ tenantId: m.tenantId, name: 'sms.received', inboxId: null, entityId: m.id, occurredAt: m.createdAt }]);
      });
    },

    async findById(tenantId, id) {
      const row = await db.selectFrom('sms_messages').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toSms(row);
    },

    async page(tenantId, filter, page) {
      const { items, total } = await paged(db.selectFrom('sms_messages').selectAll().where(whereFilter(tenantId, filter)), page, BY_CREATION);
      return { items: items.map(toSms), total };
    },

    async count(tenantId, filter) {
      let query = db.selectFrom('sms_messages').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', tenantId);
      if (filter.read !== undefined) query = query.where('read', '=', flag(filter.read));
      return Number((await query.executeTakeFirstOrThrow()).n);
    },

    async update(tenantId, id, change) {
      const result = await db
        .updateTable('sms_messages')
        .set({
          ...(change.read !== undefined ? { read: flag(change.read) } : {}),
          ...(change.favourite !== undefined ? { favourite: flag(change.favourite) } : {}),
          updated_at: toMillis(change.updatedAt),
        })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async markAll(tenantId, read, phoneId, at) {
      let query = db.updateTable('sms_messages').set({ read: flag(read), updated_at: toMillis(at) }).where('tenant_id', '=', tenantId);
      if (phoneId) query = query.where('phone_id', '=', phoneId);
      await query.execute();
    },

    async delete(tenantId, id) {
      const result = await db.deleteFrom('sms_messages').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async deleteAll(tenantId, phoneId) {
      let query = db.deleteFrom('sms_messages').where('tenant_id', '=', tenantId);
      if (phoneId) query = query.where('phone_id', '=', phoneId);
      await query.execute();
    },
  };
}
