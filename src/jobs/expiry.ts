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
  /** where each expiry is announced (inbox.expired) */
  bus?: EventBus;
}

/** inbox.expired for a committed expired-inbox record. */
export const announceExpiry = (bus: EventBus) => (record: ExpiredInboxRecord) =>
  bus.publish('inbox.expired', { tenantId: record.tenantId, inboxId: record.inboxId, expiredInboxId: record.id, createdAt: record.createdAt });

/** The scheduled expiry: a pass at start, then every `intervalMs`, one node at a time. */
export function expiryJob(deps: ExpiryJobDeps): PeriodicJob {
  return new PeriodicJob({
    name: EXPIRY_JOB,
    intervalMs: deps.intervalMs,
    locks: deps.locks,
    log: deps.log,
    pass: () =>
      expireDueInboxes(deps.repo, deps.clock, {
        onError: (err, inboxId) => deps.log.error({ err, inboxId }, 'expiring an inbox failed; it is retried next pass'),
        onExpired: deps.bus ? announceExpiry(deps.bus) : undefined,
      }),
  });
}
