import { type ExpressionBuilder, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AutomationJobsTable, Database } from '../schema.js';
import type {
  AutomationJobFilter, AutomationJobKind, AutomationJobRecord, AutomationJobRepository, AutomationJobState, ClaimedAutomationJob, NewAutomationJob,
} from '../ports.js';
import { BY_CREATION, paged } from './paged.js';
import { fromMillis, toMillis } from './rows.js';
import { claimLeased, nextDueAt, releaseLeases } from './leased-jobs.js';

const parse = (json: string | null): Record<string, unknown> | null => (json === null ? null : JSON.parse(json) as Record<string, unknown>);

const toRecord = (row: Selectable<AutomationJobsTable>): AutomationJobRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  kind: row.kind as AutomationJobKind,
  subjectId: row.subject_id,
  inboxId: row.inbox_id,
  emailId: row.email_id,
  payload: parse(row.payload_json),
  state: row.state as AutomationJobState,
  attempts: Number(row.attempts),
  nextAttemptAt: fromMillis(row.next_attempt_at),
  result: parse(row.result_json),
  errorMessage: row.error_message,
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

/** The row of a new job: pending, never tried. */
export function automationJobRow(job: NewAutomationJob): Insertable<AutomationJobsTable> {
  return {
    id: job.id,
    tenant_id: job.tenantId,
    kind: job.kind,
    subject_id: job.subjectId,
    inbox_id: job.inboxId,
    email_id: job.emailId,
    payload_json: job.payload === null ? null : JSON.stringify(job.payload),
    state: 'pending',
    attempts: 0,
    next_attempt_at: toMillis(job.nextAttemptAt),
    lease_token: null,
    lease_until: null,
    result_json: null,
    error_message: null,
    created_at: toMillis(job.createdAt),
    updated_at: toMillis(job.createdAt),
  };
}

/** Inserts new jobs inside the caller's transaction (the ingest's, for jobs a received email sets off). */
export async function insertAutomationJobs(trx: Transaction<Database> | Kysely<Database>, jobs: NewAutomationJob[]): Promise<void> {
  for (let i = 0; i < jobs.length; i += 100) {
    await trx.insertInto('automation_jobs').values(jobs.slice(i, i + 100).map(automationJobRow)).execute();
  }
}

function whereJobs(tenantId: string, f: AutomationJobFilter) {
  return (eb: ExpressionBuilder<Database, 'automation_jobs'>) => {
    const and = [eb('automation_jobs.tenant_id', '=', tenantId)];
    if (f.kinds) and.push(eb('automation_jobs.kind', 'in', f.kinds));
    if (f.inboxId) and.push(eb('automation_jobs.inbox_id', '=', f.inboxId));
    if (f.subjectId) and.push(eb('automation_jobs.subject_id', '=', f.subjectId));
    if (f.states) and.push(eb('automation_jobs.state', 'in', f.states));
    if (f.since) and.push(eb('automation_jobs.created_at', '>', f.since.getTime()));
    if (f.before) and.push(eb('automation_jobs.created_at', '<', f.before.getTime()));
    return eb.and(and);
  };
}

export function automationJobRepository(db: Kysely<Database>): AutomationJobRepository {
  return {
    enqueue: (jobs) => (jobs.length === 0 ? Promise.resolve() : db.transaction().execute((trx) => insertAutomationJobs(trx, jobs))),

    async findById(tenantId, id) {
      const row = await db.selectFrom('automation_jobs').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async page(tenantId, filter, page) {
      const { items, total } = await paged(db.selectFrom('automation_jobs').selectAll().where(whereJobs(tenantId, filter)), page, BY_CREATION);
      return { items: items.map(toRecord), total };
    },

    async cancel(tenantId, id, at) {
      const moved = await db.updateTable('automation_jobs')
        .set({ state: 'cancelled', updated_at: toMillis(at) })
        .where('tenant_id', '=', tenantId).where('id', '=', id).where('state', '=', 'pending')
        .executeTakeFirst();
      return Number(moved.numUpdatedRows) > 0;
    },

    async claimDue(now, limit, leaseMs) {
      const { token, rows } = await claimLeased(db, 'automation_jobs', now, limit, leaseMs);
      return rows.map((row) => ({ ...toRecord(row), leaseToken: token }));
    },

    async complete(claim: ClaimedAutomationJob, outcome, at) {
      const base = { attempts: claim.attempts + 1, lease_token: null, lease_until: null, updated_at: at };
      const set = outcome.state === 'done'
        ? { ...base, state: 'done', result_json: outcome.result === null ? null : JSON.stringify(outcome.result), error_message: null }
        : outcome.state === 'failed'
          ? { ...base, state: 'failed', error_message: outcome.errorMessage }
          : { ...base, state: 'pending', next_attempt_at: outcome.nextAttemptAt, error_message: outcome.errorMessage };
      // Guarded by the lease: if ours ran out and another worker took the job, its outcome is the one on record.
      const moved = await db.updateTable('automation_jobs').set(set)
        .where('id', '=', claim.id).where('lease_token', '=', claim.leaseToken).executeTakeFirst();
      return Number(moved.numUpdatedRows) > 0;
    },

    nextDueAt: () => nextDueAt(db, 'automation_jobs'),

    releaseLeases: () => releaseLeases(db, 'automation_jobs'),
  };
}
