import type { Kysely, Selectable } from 'kysely';
import type { EmailAuditsTable } from '../email-audit-tables.js';
import type { Database } from '../schema.js';
import type { EmailAuditRecord, EmailAuditRepository } from '../ports.js';
import { fromMillis, toMillis } from './rows.js';

const toRecord = (row: Selectable<EmailAuditsTable>): EmailAuditRecord => ({
  id: row.id, tenantId: row.tenant_id, emailId: row.email_id, fromAddress: row.from_address, recipient: row.recipient, subject: row.subject,
  analysis: JSON.parse(row.analysis_json) as unknown, createdAt: fromMillis(row.created_at), updatedAt: fromMillis(row.updated_at),
});

export function emailAuditRepository(db: Kysely<Database>): EmailAuditRepository {
  return {
    async insert(r) {
      await db.insertInto('email_audits').values({
        id: r.id, tenant_id: r.tenantId, email_id: r.emailId, from_address: r.fromAddress, recipient: r.recipient, subject: r.subject,
        analysis_json: JSON.stringify(r.analysis), created_at: toMillis(r.createdAt), updated_at: toMillis(r.updatedAt),
      }).execute();
      return r;
    },

    async get(tenantId, id) {
      const row = await db.selectFrom('email_audits').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async list(tenantId, filter) {
      let query = db.selectFrom('email_audits').selectAll().where('tenant_id', '=', tenantId);
      if (filter.emailId) query = query.where('email_id', '=', filter.emailId);
      if (filter.since) query = query.where('created_at', '>=', toMillis(filter.since));
      if (filter.before) query = query.where('created_at', '<', toMillis(filter.before));
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
      return rows.map(toRecord);
    },

    async delete(tenantId, id) {
      const removed = await db.deleteFrom('email_audits').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(removed.numDeletedRows) > 0;
    },
  };
}
