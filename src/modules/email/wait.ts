import { AppError } from '../../core/errors.js';
import type { EventBus } from '../../events/bus.js';
import { waitForEvent, type WaitOptions } from '../../events/wait.js';

/** The longest any request may be held open waiting for mail. */
export { MAX_WAIT_MS } from '../../events/wait.js';

/**
 * Resolves with the first non-undefined result of `check`, re-checking only when mail
 * arrives for one of `inboxIds` (any of the tenant's inboxes when none are named; never by
 * polling), or with undefined at the timeout or when `options.signal` aborts. The waiter is
 * indexed by inbox (or tenant), so mail elsewhere never runs `check`, and it is registered
 * before the first check, so no arrival can slip between them.
 */
export function waitForMail<T>(
  bus: EventBus,
  scope: { tenantId: string; inboxIds?: readonly string[] },
  timeoutMs: number,
  check: () => Promise<T | undefined>,
  options: WaitOptions = {},
): Promise<T | undefined> {
  return waitForEvent(bus, 'email.received', scope, timeoutMs, check, options);
}

export const timeoutError = (what: string, ms: number) => new AppError('TIMEOUT', `${what} within ${ms} ms`);
