import { AppError, type ErrorCode } from '../core/errors.js';
import type { LogSink } from '../core/logger.js';
import type { ClaimedSend, SendAttemptOutcome, SendQueueRepository } from '../storage/ports.js';
import { backoffMs } from './webhook-delivery.js';
import { leasedJobRunner } from './leased-jobs.js';

export interface SendQueueSettings {
  /** wait before the first retry of a transient failure; doubled each time up to maxBackoffMs */
  retryBaseMs: number;
  maxBackoffMs: number;
  /** transient failures are retried this long after the job was queued, then the job fails */
  retryWindowMs: number;
  /** sends in flight at once on this node */
  concurrency: number;
  /**
   * How long a claimed job stays with its worker. It must outlive any send (a relay may
   * take its 30 s timeouts several times over), or a second worker would send it again.
   */
  leaseMs: number;
}

export const DEFAULT_SEND_QUEUE_SETTINGS: SendQueueSettings = {
  retryBaseMs: 1000,
  maxBackoffMs: 5 * 60 * 1000,
  retryWindowMs: 24 * 60 * 60 * 1000,
  concurrency: 8,
  leaseMs: 10 * 60 * 1000,
};

/** Errors that are the request's fault: sending it again cannot succeed, so they end the job. */
export const FINAL_CODES: ReadonlySet<ErrorCode> = new Set(['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'QUOTA_EXCEEDED', 'TOO_LARGE']);

/** Exception names of the results, in the words of the API's own errors. */
const EXCEPTION_NAMES: Partial<Record<ErrorCode, string>> = {
  BAD_REQUEST: 'BadRequestException',
  NOT_FOUND: 'NotFoundException',
  FORBIDDEN: 'ForbiddenException',
  UNAUTHORIZED: 'UnauthorizedException',
  CONFLICT: 'ConflictException',
  QUOTA_EXCEEDED: 'QuotaExceededException',
  TOO_LARGE: 'PayloadTooLargeException',
};

/**
 * Faults that come from the job's own input, so every attempt would meet them again: the
 * engine's RangeError (a call stack or string too big), and the databases' refusals of a
 * value (PostgreSQL SQLSTATE class 22 "data exception" and 54 "program limit exceeded";
 * SQLite's "too big", "too many SQL variables" and constraint errors). Connection losses,
 * timeouts, busy or locked databases and everything unknown stay transient.
 */
export function isPermanentFault(err: unknown): boolean {
  if (err instanceof RangeError) return true;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  if (/^(22|54)[0-9A-Z]{3}$/.test(code)) return true;
  if (/^SQLITE_(TOOBIG|RANGE|MISMATCH|CONSTRAINT)/.test(code)) return true;
  return code === 'SQLITE_ERROR' && /too many SQL variables|too many terms/i.test(String((err as Error).message));
}

/**
 * What an attempt means for the job. A send that returned was recorded (a receipt and a
 * delivery status per recipient, FAILED ones included: the relay's refusal is the
 * recipient's outcome, and repeating the send would only record it twice), so it is done.
 * A 4xx-type refusal (bad options, inbox gone or expired) or a fault of the input
 * (`isPermanentFault`) is final. Anything else (the
 * database unavailable, an unexpected fault before the receipt was stored) is transient:
 * retried with capped exponential backoff until the retry window closes.
 */
export function outcomeOf(job: ClaimedSend, result: { sentEmailId: string } | { error: unknown }, now: number, settings: SendQueueSettings): SendAttemptOutcome {
  if ('sentEmailId' in result) return { state: 'sent', sentEmailId: result.sentEmailId };
  const err = result.error;
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof AppError && FINAL_CODES.has(err.code)) {
    return { state: 'failed', errorName: EXCEPTION_NAMES[err.code] ?? err.code, errorMessage: message };
  }
  const errorName = err instanceof Error ? err.constructor.name : 'Error';
  if (isPermanentFault(err)) return { state: 'failed', errorName, errorMessage: `Cannot be sent: ${message}` };
  const nextAttemptAt = now + backoffMs(job.attempts + 1, settings.retryBaseMs, settings.maxBackoffMs);
  if (nextAttemptAt > job.createdAt.getTime() + settings.retryWindowMs) {
    return { state: 'failed', errorName, errorMessage: `Gave up after ${job.attempts + 1} attempts: ${message}` };
  }
  return { state: 'pending', nextAttemptAt, errorName, errorMessage: `Attempt ${job.attempts + 1} failed, retrying: ${message}` };
}

/**
 * The send-queue worker: claims due jobs (leased, so one worker runs a job at a time and a
 * job whose worker died is claimed again when its lease runs out), runs the send, and
 * records the outcome. Woken at once by enqueue on this node; otherwise a timer for the
 * next retry or lease expiry, and an idle look at the table for jobs other nodes queued.
 * Jobs live in the database, so a restart resumes the pending ones.
 *
 * Delivery is at least once: a crash after the send was recorded but before the outcome
 * was stored sends that job again after the restart.
 */
export function sendQueueWorker(deps: {
  repo: SendQueueRepository;
  /** runs the send of a job; answers the sent email's id */
  send(job: ClaimedSend): Promise<string>;
  log: LogSink;
  settings?: Partial<SendQueueSettings>;
  /** SQLite: no other process can hold a lease, so leases left by a crash are released at start */
  singleProcess: boolean;
}) {
  const { repo, log } = deps;
  const settings: SendQueueSettings = { ...DEFAULT_SEND_QUEUE_SETTINGS, ...deps.settings };

  async function attempt(job: ClaimedSend): Promise<void> {
    let result: { sentEmailId: string } | { error: unknown };
    try {
      result = { sentEmailId: await deps.send(job) };
    } catch (error) {
      result = { error };
    }
    const now = Date.now();
    const outcome = outcomeOf(job, result, now, settings);
    if (outcome.state === 'pending') log.warn({ err: 'error' in result ? result.error : undefined, jobId: job.id }, 'queued send failed; it is retried');
    if (outcome.state === 'failed') log.error({ job: 'send-queue', jobId: job.id, error: outcome.errorMessage }, 'queued send failed for good');
    const recorded = await repo.complete(job, outcome, now);
    if (!recorded) log.warn({ jobId: job.id }, 'queued send outlived its lease; another worker had taken it over');
  }

  return leasedJobRunner({
    name: 'send queue',
    source: repo,
    run: attempt,
    describe: (job) => ({ jobId: job.id }),
    concurrency: settings.concurrency,
    leaseMs: settings.leaseMs,
    log,
    singleProcess: deps.singleProcess,
  });
}

export type SendQueueWorker = ReturnType<typeof sendQueueWorker>;
