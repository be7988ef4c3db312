import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { DomainMonitorAlertSinksTable, DomainMonitorRunsTable, DomainMonitorSamplesTable, DomainMonitorsTable } from '../domain-monitor-tables.js';
import type {
  DomainMonitorAlertSinkRecord, DomainMonitorChange, DomainMonitorRecord, DomainMonitorRepository, DomainMonitorRunRecord, DomainMonitorSampleRecord,
} from '../ports.js';
import { flag, fromMillis, fromMillisOrNull, isSet, toMillis, toMillisOrNull } from './rows.js';
import { compiledOnce } from './compiled-once.js';

const toMonitor = (row: Selectable<DomainMonitorsTable>): DomainMonitorRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  domain: row.domain,
  name: row.name,
  intervalSeconds: Number(row.interval_seconds),
  schedulingEnabled: isSet(row.scheduling_enabled),
  dkimSelectors: JSON.parse(row.dkim_selectors) as string[],
  lastStatus: row.last_status,
  healthScore: row.health_score === null ? null : Number(row.health_score),
  lastRunAt: fromMillisOrNull(row.last_run_at),
  nextRunAt: fromMillisOrNull(row.next_run_at),
  verificationInboxId: row.verification_inbox_id,
  verificationAddress: row.verification_address,
  verificationCreatedAt: fromMillisOrNull(row.verification_created_at),
  verificationUpdatedAt: fromMillisOrNull(row.verification_updated_at),
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

const toRun = (row: Selectable<DomainMonitorRunsTable>): DomainMonitorRunRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  monitorId: row.monitor_id,
  domain: row.domain,
  status: row.status,
  triggerSource: row.trigger_source,
  healthScore: Number(row.health_score),
  totalChecks: Number(row.total_checks),
  passingChecks: Number(row.passing_checks),
  failingChecks: Number(row.failing_checks),
  result: JSON.parse(row.result_json) as Record<string, unknown>,
  errorMessage: row.error_message,
  createdAt: fromMillis(row.created_at),
});

const toSink = (row: Selectable<DomainMonitorAlertSinksTable>): DomainMonitorAlertSinkRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  monitorId: row.monitor_id,
  type: row.type,
  target: row.target,
  severityThreshold: row.severity_threshold,
  enabled: isSet(row.enabled),
  senderInboxId: row.sender_inbox_id,
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

const toSample = (row: Selectable<DomainMonitorSamplesTable>): DomainMonitorSampleRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  monitorId: row.monitor_id,
  recipientAddress: row.recipient_address,
  emailId: row.email_id,
  sample: JSON.parse(row.sample_json) as Record<string, unknown>,
  receivedAt: fromMillis(row.received_at),
  createdAt: fromMillis(row.created_at),
});

function changeRow(change: DomainMonitorChange): Partial<DomainMonitorsTable> {
  const row: Partial<DomainMonitorsTable> = {};
  if (change.name !== undefined) row.name = change.name;
  if (change.intervalSeconds !== undefined) row.interval_seconds = change.intervalSeconds;
  if (change.schedulingEnabled !== undefined) row.scheduling_enabled = flag(change.schedulingEnabled);
  if (change.dkimSelectors !== undefined) row.dkim_selectors = JSON.stringify(change.dkimSelectors);
  if (change.lastStatus !== undefined) row.last_status = change.lastStatus;
  if (change.healthScore !== undefined) row.health_score = change.healthScore;
  if (change.lastRunAt !== undefined) row.last_run_at = toMillisOrNull(change.lastRunAt);
  if (change.nextRunAt !== undefined) row.next_run_at = toMillisOrNull(change.nextRunAt);
  if (change.verificationInboxId !== undefined) row.verification_inbox_id = change.verificationInboxId;
  if (change.verificationAddress !== undefined) row.verification_address = change.verificationAddress;
  if (change.verificationCreatedAt !== undefined) row.verification_created_at = toMillisOrNull(change.verificationCreatedAt);
  if (change.verificationUpdatedAt !== undefined) row.verification_updated_at = toMillisOrNull(change.verificationUpdatedAt);
  if (change.updatedAt !== undefined) row.updated_at = toMillis(change.updatedAt);
  return row;
}

/** Read for every message received (compiled once: compiled-once.ts), with and without a sender domain. */
const monitorsOfInbox = compiledOnce((db, tenantId: string, inboxId: string) => db.selectFrom('domain_monitors').selectAll()
  .where('tenant_id', '=', tenantId).where('verification_inbox_id', '=', inboxId).orderBy('created_at'));
const monitorsOfMail = compiledOnce((db, tenantId: string, domain: string, inboxId: string) => db.selectFrom('domain_monitors').selectAll()
  .where('tenant_id', '=', tenantId).where((eb) => eb.or([eb('domain', '=', domain), eb('verification_inbox_id', '=', inboxId)])).orderBy('created_at'));

export function domainMonitorRepository(db: Kysely<Database>): DomainMonitorRepository {
  return {
    async create(m) {
      await db.insertInto('domain_monitors').values({
        id: m.id, tenant_id: m.tenantId, domain: m.domain, name: m.name, interval_seconds: m.intervalSeconds,
        scheduling_enabled: flag(m.schedulingEnabled), dkim_selectors: JSON.stringify(m.dkimSelectors), last_status: m.lastStatus,
        health_score: m.healthScore, last_run_at: toMillisOrNull(m.lastRunAt), next_run_at: toMillisOrNull(m.nextRunAt),
        verification_inbox_id: m.verificationInboxId, verification_address: m.verificationAddress,
        verification_created_at: toMillisOrNull(m.verificationCreatedAt), verification_updated_at: toMillisOrNull(m.verificationUpdatedAt),
        created_at: toMillis(m.createdAt), updated_at: toMillis(m.updatedAt),
      }).execute();
    },

    async findById(tenantId, id) {
      const row = await db.selectFrom('domain_monitors').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toMonitor(row);
    },

    async list(tenantId) {
      const rows = await db.selectFrom('domain_monitors').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at').orderBy('id').execute();
      return rows.map(toMonitor);
    },

    async findForMail(tenantId, domain, inboxId) {
      const rows = domain === null ? await monitorsOfInbox(db, tenantId, inboxId) : await monitorsOfMail(db, tenantId, domain, inboxId);
      return rows.map(toMonitor);
    },

    async update(tenantId, id, change) {
      const row = changeRow(change);
      if (Object.keys(row).length === 0) return (await this.findById(tenantId, id)) !== undefined;
      const result = await db.updateTable('domain_monitors').set(row).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(tenantId, id) {
      const result = await db.deleteFrom('domain_monitors').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async findDue(now, limit, tenantId) {
      let query = db.selectFrom('domain_monitors').selectAll()
        .where('scheduling_enabled', '=', 1).where('next_run_at', 'is not', null).where('next_run_at', '<=', toMillis(now));
      if (tenantId) query = query.where('tenant_id', '=', tenantId);
      const rows = await query.orderBy('next_run_at').orderBy('id').limit(limit).execute();
      return rows.map(toMonitor);
    },

    async claim(id, expected, next) {
      const result = await db.updateTable('domain_monitors').set({ next_run_at: toMillis(next) })
        .where('id', '=', id).where('next_run_at', '=', toMillis(expected)).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async addRun(r) {
      await db.insertInto('domain_monitor_runs').values({
        id: r.id, tenant_id: r.tenantId, monitor_id: r.monitorId, domain: r.domain, status: r.status, trigger_source: r.triggerSource,
        health_score: r.healthScore, total_checks: r.totalChecks, passing_checks: r.passingChecks, failing_checks: r.failingChecks,
        result_json: JSON.stringify(r.result), error_message: r.errorMessage, created_at: toMillis(r.createdAt),
      }).execute();
    },

    async findRun(tenantId, monitorId, runId) {
      const row = await db.selectFrom('domain_monitor_runs').selectAll()
        .where('tenant_id', '=', tenantId).where('monitor_id', '=', monitorId).where('id', '=', runId).executeTakeFirst();
      return row && toRun(row);
    },

    async listRuns(tenantId, monitorId, filter) {
      let query = db.selectFrom('domain_monitor_runs').selectAll().where('tenant_id', '=', tenantId).where('monitor_id', '=', monitorId);
      if (filter.since) query = query.where('created_at', '>=', toMillis(filter.since));
      if (filter.before) query = query.where('created_at', '<', toMillis(filter.before));
      if (filter.status) query = query.where('status', '=', filter.status);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
      return rows.map(toRun);
    },

    async addSink(s) {
      await db.insertInto('domain_monitor_alert_sinks').values({
        id: s.id, tenant_id: s.tenantId, monitor_id: s.monitorId, type: s.type, target: s.target, severity_threshold: s.severityThreshold,
        enabled: flag(s.enabled), sender_inbox_id: s.senderInboxId, created_at: toMillis(s.createdAt), updated_at: toMillis(s.updatedAt),
      }).execute();
    },

    async findSink(tenantId, monitorId, sinkId) {
      const row = await db.selectFrom('domain_monitor_alert_sinks').selectAll()
        .where('tenant_id', '=', tenantId).where('monitor_id', '=', monitorId).where('id', '=', sinkId).executeTakeFirst();
      return row && toSink(row);
    },

    async listSinks(tenantId, monitorId) {
      const rows = await db.selectFrom('domain_monitor_alert_sinks').selectAll()
        .where('tenant_id', '=', tenantId).where('monitor_id', '=', monitorId).orderBy('created_at').orderBy('id').execute();
      return rows.map(toSink);
    },

    async deleteSink(tenantId, monitorId, sinkId) {
      const result = await db.deleteFrom('domain_monitor_alert_sinks')
        .where('tenant_id', '=', tenantId).where('monitor_id', '=', monitorId).where('id', '=', sinkId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async addSample(s) {
      await db.insertInto('domain_monitor_samples').values({
        id: s.id, tenant_id: s.tenantId, monitor_id: s.monitorId, recipient_address: s.recipientAddress, email_id: s.emailId,
        sample_json: JSON.stringify(s.sample), received_at: toMillis(s.receivedAt), created_at: toMillis(s.createdAt),
      }).execute();
    },

    async listSamples(tenantId, monitorId, limit, recipientAddress) {
      let query = db.selectFrom('domain_monitor_samples').selectAll().where('tenant_id', '=', tenantId).where('monitor_id', '=', monitorId);
      if (recipientAddress !== undefined) query = query.where('recipient_address', '=', recipientAddress);
      const rows = await query.orderBy('received_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toSample);
    },

    async countSamples(tenantId, monitorId, recipientAddress) {
      const row = await db.selectFrom('domain_monitor_samples').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId).where('monitor_id', '=', monitorId).where('recipient_address', '=', recipientAddress)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async deleteSample(tenantId, monitorId, sampleId) {
      const result = await db.deleteFrom('domain_monitor_samples')
        .where('tenant_id', '=', tenantId).where('monitor_id', '=', monitorId).where('id', '=', sampleId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
