import { type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { Database, SendQueueTable } from '../schema.js';
import type { ClaimedSend, SendQueueFilter, SendQueueRecord, SendQueueRepository, SendQueueState } from '../ports.js';
import { BY_CREATION, paged } from './paged.js';
import { fromMillis, toMillis } from './rows.js';
import { claimLeased, nextDueAt, releaseLeases } from './leased-jobs.js';

const toRecord = (row: Selectable<SendQueueTable>): SendQueueRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  inboxId: row.inbox_id,
  subject: row.subject,
  options: JSON.parse(row.options_json) as Record<string, unknown>,
  state: row.state as SendQueueState,
  attempts: Number(row.attempts),
  nextAttemptAt: fromMillis(row.next_attempt_at),
  sentEmailId: row.sent_email_id,
  errorName: row.error_name,
  errorMessage: row.error_message,
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

const toClaim = (token: string) => (row: Selectable<SendQueueTable>): ClaimedSend => ({
  id: row.id,
  tenantId: row.tenant_id,
  inboxId: row.inbox_id,
  options: JSON.parse(row.options_json) as Record<string, unknown>,
  attempts: Number(row.attempts),
  createdAt: fromMillis(row.created_at),
  leaseToken: token,
});

function whereJobs(tenantId: string, f: SendQueueFilter) {
  return (eb: ExpressionBuilder<Database, 'send_queue'>) => {
    const and = [eb('send_queue.tenant_id', '=', tenantId)];
    if (f.since) and.push(eb('send_queue.created_at', '>', toMillis(f.since)));
    if (f.before) and.push(eb('send_queue.created_at', '<', toMillis(f.before)));
    return eb.and(and);
  };
}

export function sendQueueRepository(db: Kysely<Database>): SendQueueRepository {
  return {
    async enqueue(job) {
      await db.insertInto('send_queue').values({
        id: job.id,
        tenant_id: job.tenantId,
        inbox_id: job.inboxId,
        subject: job.subject,
        options_json: JSON.stringify(job.options),
        state: job.state,
        attempts: job.attempts,
        next_attempt_at: toMillis(job.nextAttemptAt),
        lease_token: null,
        lease_until: null,
        sent_email_id: job.sentEmailId,
        error_name: job.errorName,
        error_message: job.errorMessage,
        created_at: toMillis(job.createdAt),
        updated_at: toMillis(job.updatedAt),
      }).execute();
    },

    async page(tenantId, filter, page) {
      const { items, total } = await paged(db.selectFrom('send_queue').selectAll().where(whereJobs(tenantId, filter)), page, BY_CREATION);
      return { items: items.map(toRecord), total };
    },

    async claimDue(now, limit, leaseMs) {
      const { token, rows } = await claimLeased(db, 'send_queue', now, limit, leaseMs);
      return rows.map(toClaim(token));
    },

    async complete(claim, outcome, at) {
      const base = { attempts: claim.attempts + 1, lease_token: null, lease_until: null, updated_at: at };
      const set = outcome.state === 'sent'
        ? { ...base, state: 'sent', sent_email_id: outcome.sentEmailId, error_name: null, error_message: null }
        : outcome.state === 'failed'
          ? { ...base, state: 'failed', error_name: outcome.errorName, error_message: outcome.errorMessage }
          : { ...base, state: 'pending', next_attempt_at: outcome.nextAttemptAt, error_name: outcome.errorName, error_message: outcome.errorMessage };
      // Guarded by the lease: if ours ran out and another worker took the job, its outcome is the one on record.
      const moved = await db.updateTable('send_queue').set(set)
        .where('id', '=', claim.id).where('lease_token', '=', claim.leaseToken).executeTakeFirst();
      return Number(moved.numUpdatedRows) > 0;
    },

    nextDueAt: () => nextDueAt(db, 'send_queue'),

    releaseLeases: () => releaseLeases(db, 'send_queue'),
  };
}
