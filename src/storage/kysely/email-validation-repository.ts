import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { EmailValidationRequestsTable } from '../email-validation-tables.js';
import type { EmailValidationRecord, EmailValidationRepository } from '../ports.js';
import { containsPattern, fromMillis, toMillis } from './rows.js';
import { BY_CREATION, paged } from './paged.js';

const toRecord = (row: Selectable<EmailValidationRequestsTable>): EmailValidationRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  batchId: row.batch_id,
  emailAddress: row.email_address,
  isValid: Number(row.is_valid) === 1,
  checkedBy: row.checked_by,
  verdict: row.verdict,
  reason: row.reason,
  mailHost: row.mail_host,
  rcptCode: row.rcpt_code === null ? null : Number(row.rcpt_code),
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

/** Insert rows per statement: 13 values a row stays far below SQLite's and PostgreSQL's bound-value limits. */
const INSERT_CHUNK = 200;

export function emailValidationRepository(db: Kysely<Database>): EmailValidationRepository {
  return {
    async insertMany(records) {
      if (records.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < records.length; i += INSERT_CHUNK) {
          await trx.insertInto('email_validation_requests').values(records.slice(i, i + INSERT_CHUNK).map((r) => ({
            id: r.id,
            tenant_id: r.tenantId,
            batch_id: r.batchId,
            email_address: r.emailAddress,
            email_address_lower: r.emailAddress.toLowerCase(),
            is_valid: r.isValid ? 1 : 0,
            checked_by: r.checkedBy,
            verdict: r.verdict,
            reason: r.reason,
            mail_host: r.mailHost,
            rcpt_code: r.rcptCode,
            created_at: toMillis(r.createdAt),
            updated_at: toMillis(r.updatedAt),
          }))).execute();
        }
      });
    },

    async page(tenantId, filter, request) {
      let query = db.selectFrom('email_validation_requests').selectAll().where('tenant_id', '=', tenantId);
      if (filter.since) query = query.where('created_at', '>', toMillis(filter.since));
      if (filter.before) query = query.where('created_at', '<', toMillis(filter.before));
      if (filter.isValid !== undefined) query = query.where('is_valid', '=', filter.isValid ? 1 : 0);
      if (filter.search) query = query.where(sql<boolean>`email_address_lower like ${containsPattern(filter.search)} escape '\\'`);
      const { items, total } = await paged(query, request, BY_CREATION);
      return { items: items.map(toRecord), total };
    },

    async latestSince(tenantId, addresses, since) {
      const found = new Map<string, EmailValidationRecord>();
      const unique = [...new Set(addresses.map((a) => a.toLowerCase()))];
      for (let i = 0; i < unique.length; i += INSERT_CHUNK) {
        const rows = await db.selectFrom('email_validation_requests').selectAll()
          .where('tenant_id', '=', tenantId).where('email_address_lower', 'in', unique.slice(i, i + INSERT_CHUNK))
          .where('created_at', '>', toMillis(since))
          .orderBy('created_at', 'asc').orderBy('id', 'asc')
          .execute();
        // ascending: the newest of each address is set last
        for (const row of rows) found.set(row.email_address_lower, toRecord(row));
      }
      return found;
    },

    async delete(tenantId, id) {
      const result = await db.deleteFrom('email_validation_requests').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async deleteAll(tenantId) {
      const result = await db.deleteFrom('email_validation_requests').where('tenant_id', '=', tenantId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
