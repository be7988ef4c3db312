import { AppError } from '../../core/errors.js';
import type { EventBus } from '../../events/bus.js';

/** The longest any request may be held open waiting for mail. */
export const MAX_WAIT_MS = 5 * 60 * 1000;

/**
 * Resolves with the first non-undefined result of `check`, re-checking only when mail
 * arrives for one of `inboxIds` (never by polling), or with undefined at the timeout.
 * The subscription is taken before the first check, so no arrival can slip between them.
 */
export async function waitForMail<T>(
  bus: EventBus,
  scope: { tenantId: string; inboxIds?: string[] },
  timeoutMs: number,
  check: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const deadline = Date.now() + Math.min(Math.max(timeoutMs, 0), MAX_WAIT_MS);
  let wake: (() => void) | undefined;
  let pending = false;
  const unsubscribe = bus.subscribe('email.received', (event) => {
    if (event.tenantId !== scope.tenantId) return;
    if (scope.inboxIds && !scope.inboxIds.includes(event.inboxId)) return;
    pending = true;
    wake?.();
  });
  try {
    for (;;) {
      pending = false;
      const result = await check();
      if (result !== undefined) return result;
      const remaining = deadline - Date.now();
      if (remaining <= 0) return undefined;
      if (pending) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  } finally {
    unsubscribe();
  }
}

export const timeoutError = (what: string, ms: number) => new AppError('TIMEOUT', `${what} within ${ms} ms`);
