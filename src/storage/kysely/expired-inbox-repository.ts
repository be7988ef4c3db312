import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Database, ExpiredInboxesTable } from '../schema.js';
import type { ExpiredInboxFilter, ExpiredInboxRecord, ExpiredInboxRepository } from '../ports.js';
import { BY_CREATION, paged } from './paged.js';
import { fromMillis, toMillis } from './rows.js';

const toRecord = (row: Selectable<ExpiredInboxesTable>): ExpiredInboxRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  inboxId: row.inbox_id,
  emailAddress: row.email_address,
  createdAt: fromMillis(row.created_at),
});

function whereFilter(tenantId: string, filter: ExpiredInboxFilter) {
  return (eb: ExpressionBuilder<Database, 'expired_inboxes'>) => {
    const and = [eb('tenant_id', '=', tenantId)];
    if (filter.inboxId !== undefined) and.push(eb('inbox_id', '=', filter.inboxId));
    if (filter.since) and.push(eb('created_at', '>', toMillis(filter.since)));
    if (filter.before) and.push(eb('created_at', '<', toMillis(filter.before)));
    return eb.and(and);
  };
}

export function expiredInboxRepository(db: Kysely<Database>): ExpiredInboxRepository {
  return {
    async findDue(now, limit, tenantId) {
      let query = db
        .selectFrom('inboxes')
        .select(['id', 'tenant_id', 'expires_at'])
        .where('expired_at', 'is', null)
        .where('expires_at', 'is not', null)
        .where('expires_at', '<=', toMillis(now))
        .orderBy('expires_at')
        .orderBy('id')
        .limit(limit);
      if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
      const rows = await query.execute();
      return rows.map((r) => ({ id: r.id, tenantId: r.tenant_id, expiresAt: fromMillis(r.expires_at ?? 0) }));
    },

    async nextDue(after) {
      // The same range scan of the (expired_at, expires_at) index as findDue, one row.
      let query = db
        .selectFrom('inboxes')
        .select('expires_at')
        .where('expired_at', 'is', null)
        .where('expires_at', 'is not', null)
        .orderBy('expires_at')
        .limit(1);
      if (after) query = query.where('expires_at', '>', toMillis(after));
      const row = await query.executeTakeFirst();
      return row?.expires_at == null ? undefined : fromMillis(row.expires_at);
    },

    async expire(inboxId, recordId, now) {
      return db.transaction().execute(async (trx) => {
        // The conditional update is the claim: of two passes racing for one inbox, the
        // second blocks on the row (PostgreSQL) or the write lock (SQLite) and then finds
        // expired_at set, so it updates nothing and writes no record.
        const inbox = await trx
          .updateTable('inboxes')
          .set((eb) => ({ expired_at: eb.ref('expires_at') }))
          .where('id', '=', inboxId)
          .where('expired_at', 'is', null)
          .where('expires_at', 'is not', null)
          .where('expires_at', '<=', toMillis(now))
          .returning(['id', 'tenant_id', 'email_address', 'expires_at'])
          .executeTakeFirst();
        if (!inbox || inbox.expires_at === null) return undefined;
        // The unique inbox_id is the last word: a record already there stays the only one.
        const row = await trx
          .insertInto('expired_inboxes')
          .values({
            id: recordId,
            tenant_id: inbox.tenant_id,
            inbox_id: inbox.id,
            email_address: inbox.email_address,
            created_at: inbox.expires_at,
          })
          .onConflict((oc) => oc.column('inbox_id').doNothing())
          .returningAll()
          .executeTakeFirst();
        return row ? toRecord(row) : undefined;
      });
    },

    async findById(tenantId, id) {
      const row = await db.selectFrom('expired_inboxes').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    async findByInboxId(tenantId, inboxId) {
      const row = await db
        .selectFrom('expired_inboxes')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('inbox_id', '=', inboxId)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    async page(tenantId, filter, page) {
      const { items, total } = await paged(
        db.selectFrom('expired_inboxes').selectAll().where(whereFilter(tenantId, filter)), page, BY_CREATION,
      );
      return { items: items.map(toRecord), total };
    },
  };
}
