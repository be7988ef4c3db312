/** Storage port of the send queue (sendEmailWithQueue jobs and their outcomes). */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

/** pending: waiting for its (next) attempt; inflight: leased by a worker; sent / failed: final. */
export type SendQueueState = 'pending' | 'inflight' | 'sent' | 'failed';

/** One queued send (sendEmailWithQueue) and, once run, its outcome. */
export interface SendQueueRecord {
  id: string;
  tenantId: string;
  inboxId: string;
  subject: string | null;
  /** the SendEmailOptions body as enqueued (already schema-valid) */
  options: Record<string, unknown>;
  state: SendQueueState;
  attempts: number;
  nextAttemptAt: Date;
  sentEmailId: string | null;
  errorName: string | null;
  errorMessage: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A job a worker holds: the lease token proves it still owns the job when it records the outcome. */
export interface ClaimedSend {
  id: string;
  tenantId: string;
  inboxId: string;
  options: Record<string, unknown>;
  /** attempts made before this one */
  attempts: number;
  createdAt: Date;
  leaseToken: string;
}

/** What an attempt decided: done (sent or failed for good), or try again later. */
export type SendAttemptOutcome =
  | { state: 'sent'; sentEmailId: string }
  | { state: 'failed'; errorName: string; errorMessage: string }
  | { state: 'pending'; nextAttemptAt: number; errorName: string; errorMessage: string };

export interface SendQueueFilter {
  since?: Date;
  before?: Date;
}

export interface SendQueueRepository {
  enqueue(job: SendQueueRecord): Promise<void>;
  page(tenantId: string, filter: SendQueueFilter, page: PageRequest): Promise<Slice<SendQueueRecord>>;
  /** Leases up to `limit` due jobs (pending and due, or inflight with a lapsed lease); several nodes never get the same job. */
  claimDue(now: number, limit: number, leaseMs: number): Promise<ClaimedSend[]>;
  /** Records the outcome if the lease is still ours; false when another worker took the job over. */
  complete(claim: ClaimedSend, outcome: SendAttemptOutcome, at: number): Promise<boolean>;
  /** earliest time a job becomes due (a pending attempt or a lease running out) */
  nextDueAt(): Promise<number | undefined>;
  /** single-process start (SQLite): leases left by a crash are released so the jobs run again now */
  releaseLeases(): Promise<void>;
}
