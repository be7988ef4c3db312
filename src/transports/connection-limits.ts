import { sourceKey } from './auth-throttle.js';

export interface ConnectionLimits {
  /** open connections one source address may hold; 0 = no limit */
  perSource: number;
  /** open connections in all; 0 = no limit */
  total: number;
}

/** Why a connection was refused, in words a client log can show. */
export type Refusal = { reason: string };

/**
 * Counts the open connections of one protocol's listeners, per source address (IPv6 by /64,
 * as in auth-throttle.ts) and in all. `admit` says whether one more may open and, if so,
 * returns the function that gives its place back when it closes (safe to call twice).
 */
export class ConnectionCounter {
  private readonly bySource = new Map<string, number>();
  private open = 0;

  constructor(private readonly limits: ConnectionLimits) {}

  admit(address: string | undefined): { release: () => void } | Refusal {
    const key = sourceKey(address);
    const held = this.bySource.get(key) ?? 0;
    if (this.limits.total > 0 && this.open >= this.limits.total) {
      return { reason: `Too many connections (at most ${this.limits.total}), try again later` };
    }
    if (this.limits.perSource > 0 && held >= this.limits.perSource) {
      return { reason: `Too many connections from your address (at most ${this.limits.perSource}), try again later` };
    }
    this.bySource.set(key, held + 1);
    this.open += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.open -= 1;
        const left = (this.bySource.get(key) ?? 1) - 1;
        if (left > 0) this.bySource.set(key, left);
        else this.bySource.delete(key);
      },
    };
  }

  /** Open connections now (for tests). */
  get size(): number {
    return this.open;
  }
}
