/**
 * Storage port of the automation jobs: durable follow-up work of forwarders, repliers, alias
 * proxying, scheduled sends and bounces by rule. A job a received email sets off is written
 * with the email (`IncomingEmail.followUps`), in the same transaction; others are enqueued on
 * their own. Jobs are leased like the send queue, so several nodes share them and a job whose
 * worker died runs again when its lease runs out.
 */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

/**
 * What a job does; the module that owns the kind runs it (jobs/automation-jobs.ts routes a
 * job to the handler registered for its kind). A new kind is one more member here.
 */
export type AutomationJobKind =
  | 'forward'
  | 'reply'
  | 'alias-proxy'
  | 'scheduled-send'
  | 'rule-bounce'
  | 'chaos-bounce'
  | 'sms-status-callback'
  | 'sms-relay'
  | 'domain-monitor-alert'
  | 'device-preview-run'
  | 'spam-score'
  | 'deliverability-simulation';

/** pending: waiting for its (next) attempt; inflight: leased by a worker; done / failed / cancelled: final. */
export type AutomationJobState = 'pending' | 'inflight' | 'done' | 'failed' | 'cancelled';

export interface AutomationJobRecord {
  id: string;
  tenantId: string;
  kind: AutomationJobKind;
  /** the automation (forwarder, replier, alias, ...) the job acts for, when there is one */
  subjectId: string | null;
  inboxId: string | null;
  /** the received email that set the job off, when one did */
  emailId: string | null;
  /** what the kind's handler needs beyond the ids (JSON-safe) */
  payload: Record<string, unknown> | null;
  state: AutomationJobState;
  attempts: number;
  /** when a pending job runs (a scheduled send: its send time) */
  nextAttemptAt: Date;
  /** what the last attempt made (for example the sent email's id) */
  result: Record<string, unknown> | null;
  errorMessage: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A new job: state pending, no attempts; the rest is the caller's. */
export type NewAutomationJob = Pick<AutomationJobRecord, 'id' | 'tenantId' | 'kind' | 'subjectId' | 'inboxId' | 'emailId' | 'payload' | 'nextAttemptAt' | 'createdAt'>;

/** A job a worker holds: the lease token proves it still owns the job when it records the outcome. */
export interface ClaimedAutomationJob extends AutomationJobRecord {
  leaseToken: string;
}

/** What an attempt decided: done or failed for good, or try again later. */
export type AutomationJobOutcome =
  | { state: 'done'; result: Record<string, unknown> | null }
  | { state: 'failed'; errorMessage: string }
  | { state: 'pending'; nextAttemptAt: number; errorMessage: string };

export interface AutomationJobFilter {
  kinds?: AutomationJobKind[];
  inboxId?: string;
  subjectId?: string;
  states?: AutomationJobState[];
  /** createdAt strictly after */
  since?: Date;
  /** createdAt strictly before */
  before?: Date;
}

export interface AutomationJobRepository {
  enqueue(jobs: NewAutomationJob[]): Promise<void>;
  findById(tenantId: string, id: string): Promise<AutomationJobRecord | undefined>;
  page(tenantId: string, filter: AutomationJobFilter, page: PageRequest): Promise<Slice<AutomationJobRecord>>;
  /** Cancels a pending job of the tenant; false when there is none or it already ran (or runs). */
  cancel(tenantId: string, id: string, at: Date): Promise<boolean>;
  /** Leases up to `limit` due jobs (pending and due, or inflight with a lapsed lease); several nodes never get the same job. */
  claimDue(now: number, limit: number, leaseMs: number): Promise<ClaimedAutomationJob[]>;
  /** Records the outcome if the lease is still ours; false when another worker took the job over. */
  complete(claim: ClaimedAutomationJob, outcome: AutomationJobOutcome, at: number): Promise<boolean>;
  /** earliest time a job becomes due (a pending attempt or a lease running out) */
  nextDueAt(): Promise<number | undefined>;
  /** single-process start (SQLite): leases left by a crash are released so the jobs run again now */
  releaseLeases(): Promise<void>;
}
