import { unavailable } from '../core/errors.js';
import type { EventBus, EventName, LocalOf } from './bus.js';
import { waitersOf, type WaitScope } from './waiters.js';

export type { WaitScope } from './waiters.js';

/**
 * The longest any request may be held open waiting for something to happen, unless
 * PIGEONHOLE_MAX_WAIT sets another limit (EventBus.maxWaitMs).
 */
export const MAX_WAIT_MS = 5 * 60 * 1000;

export interface WaitOptions {
  /** Aborting gives up at once, as at the timeout: the caller has gone (a closed connection). */
  signal?: AbortSignal;
}

/** The wait a request for `timeoutMs` actually gets on this bus: clamped to 0..maxWaitMs. */
export const effectiveTimeout = (bus: EventBus, timeoutMs: number): number =>
  Math.min(Math.max(timeoutMs, 0), bus.maxWaitMs);

/**
 * Resolves with the first non-undefined result of `check`, re-checking only when an event
 * `name` within `scope` is published (never by polling), or with undefined at the timeout or
 * when `options.signal` aborts. The waiter is registered before the first check, so no event
 * can slip between them, and removed on every way out, so nothing outlives the wait.
 * `check` is given what the events since its last run carried in memory (LocalExtras), so
 * that a check able to decide from those need not read the store; it is given nothing on
 * its first run and whenever one of those events came from another node without them.
 */
export async function waitForEvent<N extends EventName, T>(
  bus: EventBus,
  name: N,
  scope: WaitScope<N>,
  timeoutMs: number,
  check: (arrived: Array<LocalOf<N>>) => Promise<T | undefined>,
  options: WaitOptions = {},
): Promise<T | undefined> {
  // A caller that left and a node that stops both end the wait.
  const signal = options.signal ? AbortSignal.any([options.signal, bus.closing]) : bus.closing;
  const stopping = () => {
    if (bus.closing.aborted) throw unavailable('The server is shutting down; send the request again');
  };
  stopping();
  if (signal.aborted) return undefined;
  const deadline = Date.now() + effectiveTimeout(bus, timeoutMs);
  let wake: (() => void) | undefined;
  let pending = false;
  let arrived: Array<LocalOf<N>> = [];
  let incomplete = false;
  const remove = waitersOf(bus).add(name, scope, (local) => {
    pending = true;
    if (local) arrived.push(local);
    else incomplete = true;
    wake?.();
  });
  const onAbort = () => wake?.();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      pending = false;
      const since = incomplete ? [] : arrived;
      arrived = [];
      incomplete = false;
      const result = await check(since);
      if (result !== undefined) return result;
      const remaining = deadline - Date.now();
      stopping();
      if (remaining <= 0 || signal.aborted) return undefined;
      if (pending) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
      stopping();
      if (signal.aborted) return undefined;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    remove();
  }
}
