import { AppError } from '../core/errors.js';
import type { LogSink } from '../core/logger.js';
import type {
  AutomationJobKind, AutomationJobOutcome, AutomationJobRepository, ClaimedAutomationJob,
} from '../storage/ports.js';
import { FINAL_CODES, isPermanentFault } from './send-queue.js';
import { backoffMs } from './webhook-delivery.js';
import { leasedJobRunner } from './leased-jobs.js';

/**
 * What runs the jobs of one kind, registered by the module that owns the kind (through
 * services.ts: jobs never import modules). `run` does the work and answers what it made
 * (kept as the job's result); it throws to fail the attempt. `failed` is told once when a
 * job fails for good, so the module can record it (a forwarder event, a scheduled job's status).
 */
export interface AutomationJobHandler {
  run(job: ClaimedAutomationJob): Promise<Record<string, unknown> | null>;
  failed?(job: ClaimedAutomationJob, errorMessage: string): Promise<void>;
}

export type AutomationJobHandlers = Partial<Record<AutomationJobKind, AutomationJobHandler>>;

export interface AutomationJobSettings {
  retryBaseMs: number;
  maxBackoffMs: number;
  /** attempts after which a job that keeps failing fails for good (counted, not timed, so a job due next week is retried from then) */
  maxAttempts: number;
  concurrency: number;
  /** must outlive any run (a relay may take its timeouts several times over) */
  leaseMs: number;
}

export const DEFAULT_AUTOMATION_JOB_SETTINGS: AutomationJobSettings = {
  retryBaseMs: 1000,
  maxBackoffMs: 5 * 60 * 1000,
  maxAttempts: 30,
  concurrency: 8,
  leaseMs: 10 * 60 * 1000,
};

/**
 * What an attempt means: a run that returned is done; a refusal of the input (an AppError
 * of a 4xx kind, `isPermanentFault`) or a job of a kind nobody handles fails for good;
 * anything else is retried with capped exponential backoff, up to `maxAttempts` attempts.
 */
export function automationOutcome(
  job: ClaimedAutomationJob, result: { made: Record<string, unknown> | null } | { error: unknown }, now: number, settings: AutomationJobSettings,
): AutomationJobOutcome {
  if ('made' in result) return { state: 'done', result: result.made };
  const err = result.error;
  const message = err instanceof Error ? err.message : String(err);
  if ((err instanceof AppError && FINAL_CODES.has(err.code)) || isPermanentFault(err)) return { state: 'failed', errorMessage: message };
  const nextAttemptAt = now + backoffMs(job.attempts + 1, settings.retryBaseMs, settings.maxBackoffMs);
  if (job.attempts + 1 >= settings.maxAttempts) {
    return { state: 'failed', errorMessage: `Gave up after ${job.attempts + 1} attempts: ${message}` };
  }
  return { state: 'pending', nextAttemptAt, errorMessage: `Attempt ${job.attempts + 1} failed, retrying: ${message}` };
}

/**
 * The automation job worker: claims due jobs under a lease, runs each with the handler of
 * its kind and records the outcome. Woken at once when this node queues jobs (ingest,
 * scheduling); otherwise a timer for the next due job or lease expiry, and an idle look at
 * the table for jobs other nodes queued. Jobs live in the database, so a restart resumes
 * them. At least once: a crash after a run but before its outcome is recorded runs it again.
 */
export function automationJobWorker(deps: {
  repo: AutomationJobRepository;
  handlers: AutomationJobHandlers;
  log: LogSink;
  settings?: Partial<AutomationJobSettings>;
  singleProcess: boolean;
}) {
  const { repo, log } = deps;
  const settings: AutomationJobSettings = { ...DEFAULT_AUTOMATION_JOB_SETTINGS, ...deps.settings };

  async function attempt(job: ClaimedAutomationJob): Promise<void> {
    const handler = deps.handlers[job.kind];
    let result: { made: Record<string, unknown> | null } | { error: unknown };
    try {
      if (!handler) throw new AppError('BAD_REQUEST', `No handler for automation jobs of kind ${job.kind}`);
      result = { made: await handler.run(job) };
    } catch (error) {
      result = { error };
    }
    const now = Date.now();
    const outcome = automationOutcome(job, result, now, settings);
    if (outcome.state !== 'done') log.warn({ err: 'error' in result ? result.error : undefined, jobId: job.id, kind: job.kind }, `automation job ${outcome.state === 'failed' ? 'failed' : 'failed; it is retried'}`);
    const recorded = await repo.complete(job, outcome, now);
    if (!recorded) {
      log.warn({ jobId: job.id }, 'automation job outlived its lease; another worker had taken it over');
      return;
    }
    if (outcome.state === 'failed') await handler?.failed?.(job, outcome.errorMessage);
  }

  return leasedJobRunner({
    name: 'automation jobs',
    source: repo,
    run: attempt,
    describe: (job) => ({ jobId: job.id, kind: job.kind }),
    concurrency: settings.concurrency,
    leaseMs: settings.leaseMs,
    log,
    singleProcess: deps.singleProcess,
  });
}

export type AutomationJobWorker = ReturnType<typeof automationJobWorker>;
