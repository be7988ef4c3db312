import type { SchedulerLocks } from '../storage/ports.js';

const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** What a scheduled job tells the world: failures, and passes that did something. */
export interface JobLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PeriodicJobOptions {
  /** also the cross-node lock name */
  name: string;
  /** milliseconds between the end of one pass and the start of the next */
  intervalMs: number;
  /** one pass; resolves to how many things it did */
  pass: () => Promise<number>;
  locks: SchedulerLocks;
  log: JobLog;
}

/**
 * A periodic job whose state lives in the database, so a pass only needs "now": after a
 * restart the first pass catches up on everything that fell due meanwhile. One node runs
 * a pass at a time (SchedulerLocks), and one process never overlaps itself. The timer is
 * unref'd: it never keeps the process alive.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<number> | undefined;
  private started = false;

  constructor(private readonly options: PeriodicJobOptions) {}

  /** Runs a first pass right away (catching up after downtime), then one every interval. */
  start(): void {
    if (this.started) return;
    this.started = true;
    // Synchronously under way, so settled() right after start() waits for this first pass.
    void this.tick();
  }

  /**
   * One pass now, after any pass of this process still running; resolves to what it did,
   * 0 when another node held the lock.
   */
  runOnce(): Promise<number> {
    const previous = this.current ?? Promise.resolve(0);
    const next = previous.catch(() => 0).then(() => this.exclusivePass());
    this.current = next;
    const clear = () => {
      if (this.current === next) this.current = undefined;
    };
    next.then(clear, clear);
    return next;
  }

  /** Resolves once no pass of this process is running. */
  async settled(): Promise<void> {
    while (this.current) await this.current.catch(() => 0);
  }

  /** No further passes; waits for a running one so the store can be closed after. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.settled();
  }

  private async exclusivePass(): Promise<number> {
    const done = await this.options.locks.runExclusive(this.options.name, this.options.pass);
    return done ?? 0;
  }

  private schedule(delay: number): void {
    if (!this.started) return;
    // setTimeout turns anything above 2^31-1 ms into 1 ms: a huge interval must not become a tight loop.
    this.timer = setTimeout(() => void this.tick(), Math.min(delay, MAX_TIMEOUT_MS));
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    // A pass already running (runOnce from elsewhere) is this tick's pass.
    if (!this.current) {
      try {
        const done = await this.runOnce();
        if (done > 0) this.options.log.info({ job: this.options.name, done }, 'scheduled job pass');
      } catch (err) {
        this.options.log.error({ job: this.options.name, err }, 'scheduled job pass failed; retrying next interval');
      }
    }
    this.schedule(this.options.intervalMs);
  }
}
