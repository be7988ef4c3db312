import type { Clock } from '../core/clock.js';
import { newId } from '../core/ids.js';
import type { ExpiredInboxRecord, ExpiredInboxRepository, SchedulerLocks } from '../storage/ports.js';
import type { EventBus } from '../events/bus.js';
import { PeriodicJob, type JobLog } from './scheduler.js';

export const EXPIRY_JOB = 'inbox-expiry';
const BATCH = 200;

export interface ExpiryPassOptions {
  /** only this tenant's inboxes (flushExpired); all tenants' by default */
  tenantId?: string;
  /**
   * Told about an inbox that could not be expired, which is then left for the next pass
   * while the others still go. Without it the first failure rejects the pass.
   */
  onError?: (err: unknown, inboxId: string) => void;
  /** told about each inbox this pass expired, after its record is committed */
  onExpired?: (record: ExpiredInboxRecord) => void;
  batch?: number;
}

/**
 * One expiry pass: every inbox whose expiresAt is at or before the clock's now and which
 * is not yet marked is, in one transaction each, marked expired and given its
 * expired-inbox record. Resolves to how many inboxes this pass expired; inboxes another
 * pass got to first are not counted.
 */
export async function expireDueInboxes(repo: ExpiredInboxRepository, clock: Clock, options: ExpiryPassOptions = {}): Promise<number> {
  const now = clock.now();
  const batch = options.batch ?? BATCH;
  const seen = new Set<string>();
  let expired = 0;
  for (;;) {
    const due = await repo.findDue(now, batch, options.tenantId);
    const fresh = due.filter((inbox) => !seen.has(inbox.id));
    // Only inboxes that already failed this pass are left: they wait for the next one.
    if (fresh.length === 0) break;
    for (const inbox of fresh) {
      seen.add(inbox.id);
      try {
        const record = await repo.expire(inbox.id, newId(), now);
        if (record) {
          expired++;
          options.onExpired?.(record);
        }
      } catch (err) {
        if (!options.onError) throw err;
        options.onError(err, inbox.id);
      }
    }
    if (due.length < batch) break;
  }
  return expired;
}

export interface ExpiryJobDeps {
  repo: ExpiredInboxRepository;
  locks: SchedulerLocks;
  clock: Clock;
  log: JobLog;
  intervalMs: number;
  /** where each expiry is announced (inbox.expired), and where inbox changes are heard (inbox.changed) */
  bus?: EventBus;
  /**
   * A timer to the earliest expiresAt besides the interval's passes (default true). Only a
   * clock that moves in real time can be waited for: tests driving a ManualClock turn it off.
   */
  precise?: boolean;
}

/** inbox.expired for a committed expired-inbox record. */
export const announceExpiry = (bus: EventBus) => (record: ExpiredInboxRecord) =>
  bus.publish('inbox.expired', { tenantId: record.tenantId, inboxId: record.inboxId, expiredInboxId: record.id, createdAt: record.createdAt });

/**
 * The scheduled expiry: a pass at start, then one at each inbox's expiresAt (a timer to the
 * earliest, re-armed after each pass and whenever an inbox is created, updated or deleted on
 * any node: inbox.changed crosses nodes), and every `intervalMs` as the backstop; one node at
 * a time (the advisory lock).
 */
export class ExpiryJob extends PeriodicJob {
  private unsubscribe: (() => void) | undefined;
  private readonly deps: ExpiryJobDeps;

  constructor(deps: ExpiryJobDeps) {
    const precise = deps.precise ?? true;
    // The time of the last pass in which some inboxes could not be expired (undefined: none
    // failed). Those wait for the interval's pass: the due timer looks past that pass only.
    const state: { failedAt?: Date } = {};
    super({
      name: EXPIRY_JOB,
      intervalMs: deps.intervalMs,
      locks: deps.locks,
      log: deps.log,
      clock: deps.clock,
      pass: async () => {
        const now = deps.clock.now();
        let failures = 0;
        const done = await expireDueInboxes(deps.repo, deps.clock, {
          onError: (err, inboxId) => {
            failures++;
            deps.log.error({ err, inboxId }, 'expiring an inbox failed; it is retried at the next interval pass');
          },
          onExpired: deps.bus ? announceExpiry(deps.bus) : undefined,
        });
        state.failedAt = failures > 0 ? now : undefined;
        return done;
      },
      nextDue: precise ? () => deps.repo.nextDue(state.failedAt) : undefined,
    });
    this.deps = { ...deps, precise };
  }

  override start(): void {
    const { bus, precise } = this.deps;
    if (bus && precise && !this.unsubscribe) {
      this.unsubscribe = bus.subscribe('inbox.changed', (change) => {
        if (change.expiresAt) this.wakeAt(change.expiresAt);
        // An update or a deletion may have moved the earliest expiry later.
        if (change.change !== 'created') this.reschedule();
      });
    }
    super.start();
  }

  override async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await super.stop();
  }
}

export function expiryJob(deps: ExpiryJobDeps): ExpiryJob {
  return new ExpiryJob(deps);
}
