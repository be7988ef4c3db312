import type { LogSink } from '../core/logger.js';

/** Where a leased-job runner finds its work: a table of jobs with due times and leases. */
export interface LeasedJobSource<J> {
  /** Claims up to `limit` due jobs for `leaseMs` (SKIP LOCKED on PostgreSQL). */
  claimDue(now: number, limit: number, leaseMs: number): Promise<J[]>;
  /** When the next pending job (or lease) falls due; undefined when there is none. */
  nextDueAt(): Promise<number | undefined>;
  /** Frees the leases a crashed process left (single-process stores only). */
  releaseLeases(): Promise<void>;
}

/** Longest sleep between looks at the table (jobs another node or writer added without waking us). */
const IDLE_POLL_MS = 2000;

/**
 * The loop shared by the durable job workers (webhook deliveries, the send queue): claim due
 * jobs under a lease (so one worker runs a job at a time, and a job whose worker died is
 * claimed again when its lease runs out), run them with bounded concurrency, and sleep until
 * kicked or until the next job falls due. `run` records each job's outcome itself.
 */
export function leasedJobRunner<J>(options: {
  /** for log lines */
  name: string;
  source: LeasedJobSource<J>;
  run(job: J): Promise<void>;
  /** runs at the start of every pass, before the look for due jobs (it may make some) */
  prepare?(): Promise<void>;
  /** log context naming a job */
  describe(job: J): Record<string, unknown>;
  concurrency: number;
  leaseMs: number;
  log: LogSink;
  /** SQLite: no other process can hold a lease, so leases left by a crash are released at start */
  singleProcess: boolean;
}) {
  const { source, log, concurrency, leaseMs } = options;
  const inFlight = new Set<Promise<void>>();
  /** settled() callers, answered when a pass finds nothing due and nothing running */
  let idleWaiters: Array<() => void> = [];
  let timer: NodeJS.Timeout | undefined;
  let pumping = false;
  let again = false;
  /** whether the next pass runs `prepare`: after a kick from outside, not after a job of ours ended */
  let prepareNeeded = true;
  let stopped = true;

  function track(job: J): void {
    const running: Promise<void> = options.run(job)
      .catch((err: unknown) => log.warn({ err, ...options.describe(job) }, `${options.name}: the outcome could not be recorded; the lease will run out and the job is tried again`))
      .finally(() => {
        inFlight.delete(running);
        // a place came free: claim again, but nothing new was committed to prepare
        kick(false);
      });
    inFlight.add(running);
  }

  async function pump(): Promise<void> {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      // A kick while this pass runs (even while arming the timer) means another pass.
      do {
        again = false;
        if (options.prepare && prepareNeeded && !stopped) {
          prepareNeeded = false;
          await options.prepare();
        }
        while (!stopped && inFlight.size < concurrency) {
          const batch = await source.claimDue(Date.now(), concurrency - inFlight.size, leaseMs);
          for (const job of batch) track(job);
          if (batch.length === 0) break;
        }
        if (!stopped) await armTimer();
      } while (again && !stopped);
      if (inFlight.size === 0) {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const resolve of waiters) resolve();
      }
    } catch (err) {
      if (!stopped) {
        log.warn({ err }, `${options.name}: could not read due jobs; trying again shortly`);
        arm(1000);
      }
    } finally {
      pumping = false;
    }
  }

  async function armTimer(): Promise<void> {
    const next = await source.nextDueAt();
    arm(next === undefined ? IDLE_POLL_MS : Math.min(Math.max(next - Date.now(), 10), IDLE_POLL_MS));
  }

  function arm(ms: number): void {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => kick(), ms);
    timer.unref();
  }

  /** the pass under way (or the last one): stop() waits for it */
  let pass: Promise<void> = Promise.resolve();

  function kick(prepare = true): void {
    if (stopped) return;
    if (prepare) prepareNeeded = true;
    if (pumping) {
      again = true;
      return;
    }
    pass = pump();
  }

  return {
    async start(): Promise<void> {
      stopped = false;
      if (options.singleProcess) await source.releaseLeases();
      kick();
    },
    /** wake now: a job was just committed */
    kick: () => kick(),
    /** look for due jobs again now (a limit of the runner's own came free), without `prepare` */
    claimMore: () => kick(false),
    /**
     * Resolves once every job due now has run and its outcome is recorded (jobs whose retry
     * is later do not count). Tests wait on it instead of sleeping.
     */
    settled(): Promise<void> {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        kick();
      });
    },
    /** stops claiming, and waits for the pass and the jobs under way to be recorded */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      // A pass under way claims nothing more once stopped, but may hold jobs it just claimed.
      await pass;
      await Promise.allSettled([...inFlight]);
    },
  };
}
