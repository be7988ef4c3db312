import { AppError } from '../../core/errors.js';
import type { EventBus } from '../../events/bus.js';
import { waitForEvent, type WaitOptions } from '../../events/wait.js';
import type { EmailFilter, EmailRecord } from '../../storage/ports.js';

/** The longest any request may be held open waiting for mail. */
export { MAX_WAIT_MS } from '../../events/wait.js';

/**
 * Resolves with the first non-undefined result of `check`, re-checking only when mail
 * arrives for one of `inboxIds` (any of the tenant's inboxes when none are named; never by
 * polling), or with undefined at the timeout or when `options.signal` aborts. The waiter is
 * indexed by inbox (or tenant), so mail elsewhere never runs `check`, and it is registered
 * before the first check, so no arrival can slip between them. `check` gets the emails
 * that arrived on this node since its last run, as committed (see waitForEvent).
 */
export function waitForMail<T>(
  bus: EventBus,
  scope: { tenantId: string; inboxIds?: readonly string[] },
  timeoutMs: number,
  check: (arrived: EmailRecord[]) => Promise<T | undefined>,
  options: WaitOptions = {},
): Promise<T | undefined> {
  return waitForEvent(bus, 'email.received', scope, timeoutMs, (arrived) => check(arrived.map((a) => a.email)), options);
}

/**
 * The newest of `arrived` that `filter` would select, in the store's order (createdAt, then
 * id); undefined when none passes or the filter asks what only the store can answer. Used
 * when the last look at the store found no match: the newest arrival is then the newest
 * matching email there is, so a woken wait answers without reading it back.
 */
export function newestArrival(arrived: readonly EmailRecord[], tenantId: string, filter: EmailFilter): EmailRecord | undefined {
  if (filter.search !== undefined || filter.ids !== undefined || filter.favourite) return undefined;
  let newest: EmailRecord | undefined;
  for (const email of arrived) {
    if (email.tenantId !== tenantId) continue;
    if (filter.inboxIds && !filter.inboxIds.includes(email.inboxId)) continue;
    if (filter.unreadOnly && email.read) continue;
    const at = email.createdAt.getTime();
    if (filter.since && at <= filter.since.getTime()) continue;
    if (filter.before && at >= filter.before.getTime()) continue;
    if (!newest || at > newest.createdAt.getTime() || (at === newest.createdAt.getTime() && email.id > newest.id)) newest = email;
  }
  return newest;
}

export const timeoutError = (what: string, ms: number) => new AppError('TIMEOUT', `${what} within ${ms} ms`);

/**
 * The 408 of a wait for emails, worded as MailSlurp's begins (`Failed to satisfy email query
 * for inbox <id>`, which tests written for MailSlurp match), then what was missing.
 */
export const emailQueryTimeout = (inboxId: string | undefined, what: string, ms: number) =>
  new AppError('TIMEOUT', `Failed to satisfy email query for ${inboxId ? `inbox ${inboxId}` : 'inboxes of your account'}: ${what} within ${ms} ms`);
