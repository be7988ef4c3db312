import type { SchedulerLocks } from '../storage/ports.js';
import { PeriodicJob, type JobLog } from './scheduler.js';

export const AUDIT_RETENTION_JOB = 'audit-retention';
/** Old events are deleted hourly (and at start). */
export const AUDIT_RETENTION_INTERVAL_MS = 3_600_000;

export interface AuditRetentionDeps {
  /** deletes events older than the retention; resolves to how many (the audit log service) */
  prune: () => Promise<number>;
  locks: SchedulerLocks;
  log: JobLog;
  intervalMs?: number;
}

/** The audit log's retention: a periodic pass, one node at a time (the advisory lock). */
export function auditRetentionJob(deps: AuditRetentionDeps): PeriodicJob {
  return new PeriodicJob({
    name: AUDIT_RETENTION_JOB, intervalMs: deps.intervalMs ?? AUDIT_RETENTION_INTERVAL_MS, locks: deps.locks, log: deps.log, pass: deps.prune,
  });
}
