import type { Expression, ExpressionBuilder, Kysely, Selectable, SqlBool } from 'kysely';
import type { Database } from '../schema.js';
import type { SpamEmailsTable } from '../user-rest-tables.js';
import type { SpamEmailFilter, SpamEmailRecord, SpamEmailRepository } from '../ports.js';
import { BY_CREATION, paged } from './paged.js';
import { fromMillis, toMillis } from './rows.js';

const toRecord = (row: Selectable<SpamEmailsTable>): SpamEmailRecord => ({
  id: row.id, tenantId: row.tenant_id, inboxId: row.inbox_id, from: row.from_address, to: row.to_address, subject: row.subject,
  createdAt: fromMillis(row.created_at),
});

function whereFilter(tenantId: string, filter: SpamEmailFilter) {
  return (eb: ExpressionBuilder<Database, 'spam_emails'>) => {
    const and: Expression<SqlBool>[] = [eb('tenant_id', '=', tenantId)];
    if (filter.inboxId) and.push(eb('inbox_id', '=', filter.inboxId));
    if (filter.since) and.push(eb('created_at', '>', toMillis(filter.since)));
    if (filter.before) and.push(eb('created_at', '<', toMillis(filter.before)));
    return eb.and(and);
  };
}

export function spamEmailRepository(db: Kysely<Database>): SpamEmailRepository {
  return {
    async create(s) {
      await db.insertInto('spam_emails').values({
        id: s.id, tenant_id: s.tenantId, inbox_id: s.inboxId, from_address: s.from, to_address: s.to, subject: s.subject, created_at: toMillis(s.createdAt),
      // a check run again (a retried job, a recheck) records the same email once
      }).onConflict((oc) => oc.column('id').doNothing()).execute();
    },

    async page(tenantId, filter, page) {
      const { items, total } = await paged(db.selectFrom('spam_emails').selectAll().where(whereFilter(tenantId, filter)), page, BY_CREATION);
      return { items: items.map(toRecord), total };
    },
  };
}
