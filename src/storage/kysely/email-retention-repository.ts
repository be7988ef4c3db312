import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { EmailRetentionPoliciesTable } from '../email-retention-tables.js';
import type { EmailRetentionPolicyRecord, EmailRetentionRepository } from '../ports.js';
import { fromMillis, toMillis } from './rows.js';

const numberOrNull = (n: number | string | null): number | null => (n === null ? null : Number(n));

const toPolicy = (row: Selectable<EmailRetentionPoliciesTable>): EmailRetentionPolicyRecord => ({
  tenantId: row.tenant_id,
  maxEmailsPerInbox: numberOrNull(row.max_emails_per_inbox),
  maxEmailsPerAccount: numberOrNull(row.max_emails_per_account),
  maxAgeSeconds: numberOrNull(row.max_age_seconds),
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

/**
 * Account email retention policies, and the pass's questions: each reads ids only, through an
 * index that starts with the tenant (or the inbox), and stops at `limit`, so one question is
 * short however large the backlog.
 */
export function emailRetentionRepository(db: Kysely<Database>): EmailRetentionRepository {
  const kept = (tenantId: string) =>
    db.selectFrom('emails').where('emails.tenant_id', '=', tenantId).where('emails.favourite', '=', 0);
  const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);
  return {
    async findPolicy(tenantId) {
      const row = await db.selectFrom('email_retention_policies').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
      return row && toPolicy(row);
    },

    async savePolicy(p) {
      const limits = { max_emails_per_inbox: p.maxEmailsPerInbox, max_emails_per_account: p.maxEmailsPerAccount, max_age_seconds: p.maxAgeSeconds };
      // One row per tenant: a second writer's insert meets the first's row and replaces its limits.
      await db.insertInto('email_retention_policies')
        .values({ tenant_id: p.tenantId, ...limits, created_at: toMillis(p.createdAt), updated_at: toMillis(p.updatedAt) })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ ...limits, updated_at: toMillis(p.updatedAt) }))
        .execute();
      return toPolicy((await db.selectFrom('email_retention_policies').selectAll().where('tenant_id', '=', p.tenantId).executeTakeFirstOrThrow()));
    },

    async deletePolicy(tenantId) {
      const result = await db.deleteFrom('email_retention_policies').where('tenant_id', '=', tenantId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async tenantsWithPolicies() {
      return (await db.selectFrom('email_retention_policies').select('tenant_id').orderBy('tenant_id').execute()).map((r) => r.tenant_id);
    },

    async allTenants() {
      return (await db.selectFrom('users').select('id').orderBy('id').execute()).map((r) => r.id);
    },

    async olderThan(tenantId, before, limit) {
      return ids(await kept(tenantId).select('emails.id').where('emails.created_at', '<', toMillis(before))
        .orderBy('emails.created_at').orderBy('emails.id').limit(limit).execute());
    },

    async inboxesOver(tenantId, cap) {
      const rows = await kept(tenantId).select((eb) => ['emails.inbox_id', eb.fn.countAll<number | string>().as('n')])
        .groupBy('emails.inbox_id').having((eb) => eb.fn.countAll(), '>', cap).orderBy('emails.inbox_id').execute();
      return rows.map((r) => ({ inboxId: r.inbox_id, count: Number(r.n) }));
    },

    async oldestInInbox(tenantId, inboxId, limit) {
      // IMAP UIDs are handed out in commit order within an inbox: the order mail was stored (and 250'd) in.
      return ids(await kept(tenantId).select('emails.id').where('emails.inbox_id', '=', inboxId)
        .orderBy('emails.imap_uid').orderBy('emails.created_at').orderBy('emails.id').limit(limit).execute());
    },

    async countKept(tenantId) {
      const row = await kept(tenantId).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async oldestInAccount(tenantId, limit) {
      return ids(await kept(tenantId).select('emails.id').orderBy('emails.created_at').orderBy('emails.id').limit(limit).execute());
    },
  };
}
