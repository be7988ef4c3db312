import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { InboxRetentionPoliciesTable, InboxRetentionRunsTable } from '../user-rest-tables.js';
import type { InboxRetentionPolicyRecord, InboxRetentionRepository, InboxRetentionRunRecord, RetentionRunSource, RetentionRunStatus } from '../ports.js';
import { BY_CREATION, paged } from './paged.js';
import { fromMillis, fromMillisOrNull, toMillis, toMillisOrNull } from './rows.js';

const toPolicy = (row: Selectable<InboxRetentionPoliciesTable>): InboxRetentionPolicyRecord => ({
  id: row.id, tenantId: row.tenant_id, scope: row.scope, inboxId: row.inbox_id, retentionDays: Number(row.retention_days),
  createdAt: fromMillis(row.created_at), updatedAt: fromMillis(row.updated_at),
});

const toRun = (row: Selectable<InboxRetentionRunsTable>): InboxRetentionRunRecord => ({
  id: row.id, tenantId: row.tenant_id, status: row.status as RetentionRunStatus, source: row.source as RetentionRunSource,
  matchedPolicies: Number(row.matched_policies), appliedPolicies: Number(row.applied_policies),
  deletedInboxIds: JSON.parse(row.deleted_inbox_ids) as string[], errorMessage: row.error_message,
  startedAt: fromMillisOrNull(row.started_at), completedAt: fromMillisOrNull(row.completed_at),
  createdAt: fromMillis(row.created_at), updatedAt: fromMillis(row.updated_at),
});

const runRow = (run: InboxRetentionRunRecord): InboxRetentionRunsTable => ({
  id: run.id, tenant_id: run.tenantId, status: run.status, source: run.source, matched_policies: run.matchedPolicies,
  applied_policies: run.appliedPolicies, deleted_inboxes: run.deletedInboxIds.length, deleted_inbox_ids: JSON.stringify(run.deletedInboxIds),
  error_message: run.errorMessage, started_at: toMillisOrNull(run.startedAt), completed_at: toMillisOrNull(run.completedAt),
  created_at: toMillis(run.createdAt), updated_at: toMillis(run.updatedAt),
});

export function inboxRetentionRepository(db: Kysely<Database>): InboxRetentionRepository {
  const byScope = (tenantId: string, scope: string) =>
    db.selectFrom('inbox_retention_policies').selectAll().where('tenant_id', '=', tenantId).where('scope', '=', scope).executeTakeFirst();
  return {
    async upsert(p) {
      // One row per (tenant, scope): a second writer's insert meets the first's row and updates it.
      await db.insertInto('inbox_retention_policies').values({
        id: p.id, tenant_id: p.tenantId, scope: p.scope, inbox_id: p.inboxId, retention_days: p.retentionDays,
        created_at: toMillis(p.createdAt), updated_at: toMillis(p.updatedAt),
      }).onConflict((oc) => oc.columns(['tenant_id', 'scope']).doUpdateSet({ retention_days: p.retentionDays, updated_at: toMillis(p.updatedAt) }))
        .execute();
      return toPolicy((await byScope(p.tenantId, p.scope))!);
    },

    async findByScope(tenantId, scope) {
      const row = await byScope(tenantId, scope);
      return row && toPolicy(row);
    },

    async findById(tenantId, id) {
      const row = await db.selectFrom('inbox_retention_policies').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toPolicy(row);
    },

    async update(tenantId, id, retentionDays, at) {
      const row = await db.updateTable('inbox_retention_policies').set({ retention_days: retentionDays, updated_at: toMillis(at) })
        .where('tenant_id', '=', tenantId).where('id', '=', id).returningAll().executeTakeFirst();
      return row && toPolicy(row);
    },

    async delete(tenantId, id) {
      const result = await db.deleteFrom('inbox_retention_policies').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async listForTenant(tenantId) {
      const rows = await db.selectFrom('inbox_retention_policies').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at').execute();
      return rows.map(toPolicy);
    },

    async tenantsWithPolicies() {
      const rows = await db.selectFrom('inbox_retention_policies').select('tenant_id').distinct().orderBy('tenant_id').execute();
      return rows.map((r) => r.tenant_id);
    },

    async createRun(run) {
      await db.insertInto('inbox_retention_runs').values(runRow(run)).execute();
    },

    async saveRun(run) {
      const { id: _id, tenant_id: _tenant, created_at: _created, ...rest } = runRow(run);
      await db.updateTable('inbox_retention_runs').set(rest).where('tenant_id', '=', run.tenantId).where('id', '=', run.id).execute();
    },

    async findRun(tenantId, id) {
      const row = await db.selectFrom('inbox_retention_runs').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toRun(row);
    },

    async pageRuns(tenantId, page) {
      const { items, total } = await paged(db.selectFrom('inbox_retention_runs').selectAll().where('tenant_id', '=', tenantId), page, BY_CREATION);
      return { items: items.map(toRun), total };
    },
  };
}
