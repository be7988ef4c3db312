import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Database, SentSmsTable } from '../schema.js';
import type { SentSmsFilter, SentSmsRecord, SentSmsRepository } from '../ports.js';
import { BY_CREATION, paged } from './paged.js';
import { containsPattern, fromMillis, toMillis } from './rows.js';

const toSentSms = (row: Selectable<SentSmsTable>): SentSmsRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  phoneId: row.phone_id,
  fromNumber: row.from_number,
  toNumber: row.to_number,
  body: row.body,
  replyToId: row.reply_to_id,
  deliveredSmsId: row.delivered_sms_id,
  accountSid: row.account_sid,
  status: row.status as SentSmsRecord['status'],
  errorCode: row.error_code,
  relay: row.relay_status === null ? null : {
    status: row.relay_status,
    sid: row.relay_sid,
    errorCode: row.relay_error_code,
    error: row.relay_error,
    updatedAt: fromMillis(row.relay_updated_at ?? row.updated_at),
  },
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

function whereFilter(tenantId: string, filter: SentSmsFilter) {
  return (eb: ExpressionBuilder<Database, 'sent_sms'>) => {
    const and: Expression<SqlBool>[] = [eb('tenant_id', '=', tenantId)];
    if (filter.phoneId) and.push(eb('phone_id', '=', filter.phoneId));
    if (filter.accountSid) and.push(eb('account_sid', '=', filter.accountSid));
    if (filter.since) and.push(eb('created_at', '>', toMillis(filter.since)));
    if (filter.before) and.push(eb('created_at', '<', toMillis(filter.before)));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
      and.push(eb.or(['body', 'to_number', 'id'].map(like)));
    }
    return eb.and(and);
  };
}

export function sentSmsRepository(db: Kysely<Database>): SentSmsRepository {
  return {
    async create(m) {
      await db.insertInto('sent_sms').values({
        id: m.id,
        tenant_id: m.tenantId,
        phone_id: m.phoneId,
        from_number: m.fromNumber,
        to_number: m.toNumber,
        body: m.body,
        reply_to_id: m.replyToId,
        delivered_sms_id: m.deliveredSmsId,
        account_sid: m.accountSid ?? null,
        status: m.status ?? null,
        error_code: m.errorCode ?? null,
        relay_status: m.relay?.status ?? null,
        relay_sid: m.relay?.sid ?? null,
        relay_error_code: m.relay?.errorCode ?? null,
        relay_error: m.relay?.error ?? null,
        relay_updated_at: m.relay ? toMillis(m.relay.updatedAt) : null,
        created_at: toMillis(m.createdAt),
        updated_at: toMillis(m.updatedAt),
      }).execute();
    },

    async findById(tenantId, id) {
      const row = await db.selectFrom('sent_sms').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toSentSms(row);
    },

    async findReplyTo(tenantId, smsId) {
      const row = await db.selectFrom('sent_sms').selectAll().where('tenant_id', '=', tenantId).where('reply_to_id', '=', smsId)
        .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
      return row && toSentSms(row);
    },

    async page(tenantId, filter, page) {
      const { items, total } = await paged(db.selectFrom('sent_sms').selectAll().where(whereFilter(tenantId, filter)), page, BY_CREATION);
      return { items: items.map(toSentSms), total };
    },

    async count(tenantId) {
      const row = await db.selectFrom('sent_sms').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async delete(tenantId, id) {
      const result = await db.deleteFrom('sent_sms').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async deleteAll(tenantId, phoneId) {
      let query = db.deleteFrom('sent_sms').where('tenant_id', '=', tenantId);
      if (phoneId) query = query.where('phone_id', '=', phoneId);
      await query.execute();
    },

    async setRelay(tenantId, id, relay) {
      const result = await db.updateTable('sent_sms').set({
        relay_status: relay.status,
        relay_sid: relay.sid,
        relay_error_code: relay.errorCode,
        relay_error: relay.error,
        relay_updated_at: toMillis(relay.updatedAt),
      }).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
