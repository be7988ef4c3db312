import { systemClock, type Clock } from '../core/clock.js';
import type { SchedulerLocks } from '../storage/ports.js';

const MAX_TIMEOUT_MS = 2 ** 31 - 1;
/** How soon a due pass is tried again when another node held the lock (it may be mid-pass). */
export const LOCK_RETRY_MS = 250;

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
  /**
   * When the next pass falls due, as the job's data says (the earliest expiresAt); undefined
   * when nothing is due. With it a pass also runs at that moment, under the same lock: asked
   * after every pass and again on reschedule(). The interval's passes stay as the backstop.
   */
  nextDue?: () => Promise<Date | undefined>;
  /** the clock nextDue's times are on; the system clock by default */
  clock?: Clock;
}

/**
 * A periodic job whose state lives in the database, so a pass only needs "now": after a
 * restart the first pass catches up on everything that fell due meanwhile. One node runs
 * a pass at a time (SchedulerLocks), and one process never overlaps itself. Timers are
 * unref'd: they never keep the process alive.
 *
 * With `nextDue`, a second timer points at the next due time: re-armed after every pass,
 * moved earlier by wakeAt() and re-read by reschedule() (both called when the data changes,
 * on any node). Every node arms it; whichever takes the lock runs the pass, and a node that
 * found the lock taken tries again LOCK_RETRY_MS later until nothing is due.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<number> | undefined;
  private started = false;
  private dueTimer: NodeJS.Timeout | undefined;
  /** the due time (clock milliseconds) the due timer is set for */
  private dueAt: number | undefined;
  /** a nextDue() question under way, and whether another must follow it */
  private asking: Promise<void> | undefined;
  private askAgain = false;
  /** the last pass found the lock held by another node */
  private skipped = false;
  private readonly clock: Clock;

  constructor(private readonly options: PeriodicJobOptions) {
    this.clock = options.clock ?? systemClock;
  }

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
    // What the pass left says when the next is due. A pass that failed outright (the
    // database away) leaves it to the interval: re-arming at once could spin.
    next.then(() => {
      clear();
      this.reschedule();
    }, clear);
    return next;
  }

  /** Resolves once no pass of this process is running. */
  async settled(): Promise<void> {
    while (this.current) await this.current.catch(() => 0);
  }

  /** A pass at `at` (something falls due then), unless the due timer is already set no later. */
  wakeAt(at: Date): void {
    if (!this.started || !this.options.nextDue) return;
    // An answer under way may have been read before this change was committed: ask again after it.
    if (this.asking) this.askAgain = true;
    if (this.dueAt !== undefined && this.dueAt <= at.getTime()) return;
    this.armDue(at.getTime());
  }

  /** Asks nextDue again and sets the due timer to its answer, earlier or later; calls during one question make one more. */
  reschedule(): void {
    if (!this.started || !this.options.nextDue) return;
    if (this.asking) {
      this.askAgain = true;
      return;
    }
    const asking = this.ask();
    this.asking = asking;
    void asking.finally(() => {
      if (this.asking === asking) this.asking = undefined;
    });
  }

  /** No further passes; waits for a running one so the store can be closed after. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.clearDue();
    await this.asking;
    await this.settled();
  }

  private async exclusivePass(): Promise<number> {
    const done = await this.options.locks.runExclusive(this.options.name, this.options.pass);
    this.skipped = done === undefined;
    return done ?? 0;
  }

  private async ask(): Promise<void> {
    do {
      this.askAgain = false;
      let next: Date | undefined;
      try {
        next = await this.options.nextDue!();
      } catch (err) {
        this.options.log.error({ job: this.options.name, err }, 'could not read when the next pass is due; the interval pass stays');
        return;
      }
      if (!this.started) return;
      if (next) this.armDue(next.getTime());
      else this.clearDue();
    } while (this.askAgain && this.started);
  }

  private armDue(at: number): void {
    this.clearDue();
    // Another node holding the lock may be mid-pass: try again shortly, not at once.
    const floor = this.skipped ? LOCK_RETRY_MS : 0;
    const delay = Math.max(at - this.clock.now().getTime(), floor);
    this.dueAt = at;
    this.dueTimer = setTimeout(() => this.due(), Math.min(delay, MAX_TIMEOUT_MS));
    this.dueTimer.unref();
  }

  private clearDue(): void {
    if (this.dueTimer) clearTimeout(this.dueTimer);
    this.dueTimer = undefined;
    this.dueAt = undefined;
  }

  private due(): void {
    this.dueTimer = undefined;
    this.dueAt = undefined;
    if (!this.started) return;
    // runOnce re-arms the due timer from what the pass left.
    this.runOnce().then(
      (done) => {
        if (done > 0) this.options.log.info({ job: this.options.name, done }, 'scheduled job pass (due)');
      },
      (err: unknown) => this.options.log.error({ job: this.options.name, err }, 'scheduled job pass failed; retrying next interval'),
    );
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
