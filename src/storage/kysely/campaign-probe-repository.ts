import type { Kysely, Selectable } from 'kysely';
import type { CampaignProbeRunsTable, CampaignProbesTable } from '../campaign-probe-tables.js';
import type { Database } from '../schema.js';
import type { CampaignProbeChange, CampaignProbeRecord, CampaignProbeRepository, CampaignProbeRunRecord } from '../ports.js';
import { flag, fromMillis, fromMillisOrNull, isSet, toMillis, toMillisOrNull } from './rows.js';

const toProbe = (row: Selectable<CampaignProbesTable>): CampaignProbeRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  inboxId: row.inbox_id,
  emailAddress: row.email_address,
  enabled: isSet(row.enabled),
  intervalSeconds: row.interval_seconds === null ? null : Number(row.interval_seconds),
  schedulingEnabled: isSet(row.scheduling_enabled),
  nextRunAt: fromMillisOrNull(row.next_run_at),
  lastRunStatus: row.last_run_status,
  lastHealthScore: row.last_health_score === null ? null : Number(row.last_health_score),
  inboundSince: fromMillis(row.inbound_since),
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

const toRun = (row: Selectable<CampaignProbeRunsTable>): CampaignProbeRunRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  probeId: row.probe_id,
  status: row.status,
  source: row.source,
  healthScore: Number(row.health_score),
  inboundEmailId: row.inbound_email_id,
  result: JSON.parse(row.result_json) as Record<string, unknown>,
  createdAt: fromMillis(row.created_at),
});

function changeRow(change: CampaignProbeChange): Partial<CampaignProbesTable> {
  const row: Partial<CampaignProbesTable> = {};
  if (change.name !== undefined) row.name = change.name;
  if (change.enabled !== undefined) row.enabled = flag(change.enabled);
  if (change.intervalSeconds !== undefined) row.interval_seconds = change.intervalSeconds;
  if (change.schedulingEnabled !== undefined) row.scheduling_enabled = flag(change.schedulingEnabled);
  if (change.nextRunAt !== undefined) row.next_run_at = toMillisOrNull(change.nextRunAt);
  if (change.lastRunStatus !== undefined) row.last_run_status = change.lastRunStatus;
  if (change.lastHealthScore !== undefined) row.last_health_score = change.lastHealthScore;
  if (change.inboundSince !== undefined) row.inbound_since = toMillis(change.inboundSince);
  if (change.updatedAt !== undefined) row.updated_at = toMillis(change.updatedAt);
  return row;
}

export function campaignProbeRepository(db: Kysely<Database>): CampaignProbeRepository {
  return {
    async create(p) {
      await db.insertInto('campaign_probes').values({
        id: p.id, tenant_id: p.tenantId, name: p.name, inbox_id: p.inboxId, email_address: p.emailAddress, enabled: flag(p.enabled),
        interval_seconds: p.intervalSeconds, scheduling_enabled: flag(p.schedulingEnabled), next_run_at: toMillisOrNull(p.nextRunAt),
        last_run_status: p.lastRunStatus, last_health_score: p.lastHealthScore, inbound_since: toMillis(p.inboundSince),
        created_at: toMillis(p.createdAt), updated_at: toMillis(p.updatedAt),
      }).execute();
    },

    async findById(tenantId, id) {
      const row = await db.selectFrom('campaign_probes').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toProbe(row);
    },

    async list(tenantId) {
      const rows = await db.selectFrom('campaign_probes').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at').orderBy('id').execute();
      return rows.map(toProbe);
    },

    async listEnabled(limit) {
      const rows = await db.selectFrom('campaign_probes').selectAll().where('enabled', '=', 1).orderBy('created_at').orderBy('id').limit(limit).execute();
      return rows.map(toProbe);
    },

    async update(tenantId, id, change) {
      const row = changeRow(change);
      if (Object.keys(row).length === 0) return (await this.findById(tenantId, id)) !== undefined;
      const result = await db.updateTable('campaign_probes').set(row).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(tenantId, id) {
      // the runs go with it (foreign key cascade, on in both dialects)
      const result = await db.deleteFrom('campaign_probes').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async findDue(now, limit, tenantId) {
      let query = db.selectFrom('campaign_probes').selectAll().where('enabled', '=', 1)
        .where('scheduling_enabled', '=', 1).where('next_run_at', 'is not', null).where('next_run_at', '<=', toMillis(now));
      if (tenantId) query = query.where('tenant_id', '=', tenantId);
      const rows = await query.orderBy('next_run_at').orderBy('id').limit(limit).execute();
      return rows.map(toProbe);
    },

    async claim(id, expected, next) {
      const result = await db.updateTable('campaign_probes').set({ next_run_at: toMillis(next) })
        .where('id', '=', id).where('next_run_at', '=', toMillis(expected)).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async addRun(r) {
      const result = await db.insertInto('campaign_probe_runs').values({
        id: r.id, tenant_id: r.tenantId, probe_id: r.probeId, status: r.status, source: r.source, health_score: r.healthScore,
        inbound_email_id: r.inboundEmailId, result_json: JSON.stringify(r.result), created_at: toMillis(r.createdAt),
      }).onConflict((oc) => oc.columns(['probe_id', 'inbound_email_id']).doNothing()).executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async inboundRunsOf(probeId, emailIds) {
      if (emailIds.length === 0) return new Set();
      const rows = await db.selectFrom('campaign_probe_runs').select('inbound_email_id')
        .where('probe_id', '=', probeId).where('inbound_email_id', 'in', emailIds).execute();
      return new Set(rows.map((r) => r.inbound_email_id!));
    },

    async findRun(tenantId, probeId, runId) {
      const row = await db.selectFrom('campaign_probe_runs').selectAll()
        .where('tenant_id', '=', tenantId).where('probe_id', '=', probeId).where('id', '=', runId).executeTakeFirst();
      return row && toRun(row);
    },

    async listRuns(tenantId, probeId, filter) {
      let query = db.selectFrom('campaign_probe_runs').selectAll().where('tenant_id', '=', tenantId).where('probe_id', '=', probeId);
      if (filter.since) query = query.where('created_at', '>=', toMillis(filter.since));
      if (filter.before) query = query.where('created_at', '<', toMillis(filter.before));
      if (filter.status) query = query.where('status', '=', filter.status);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
      return rows.map(toRun);
    },
  };
}
