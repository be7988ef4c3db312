import ipaddr from 'ipaddr.js';
import { systemClock, type Clock } from '../core/clock.js';

export interface AuthThrottleSettings {
  /** failed logins from one source before it is locked out; 0 = never locked out */
  limit: number;
  /** a source's failures are forgotten once this long passes without one (and without a lockout) */
  windowMs: number;
  /** the first lockout; each further failure after one doubles it */
  lockoutMs: number;
  /** the longest lockout */
  maxLockoutMs?: number;
  /** sources remembered at once; the least recently failing is forgotten first */
  maxSources?: number;
}

/** The longest lockout by default: an hour, however many failures. */
export const MAX_LOCKOUT_MS = 60 * 60 * 1000;
/** Enough for every address of a busy network, small enough (a few MB) that a flood of sources costs nothing. */
export const MAX_SOURCES = 10_000;

interface Entry {
  failures: number;
  lastFailure: number;
  lockedUntil: number;
}

/**
 * Failed authentications per source address, shared by the HTTP API (API keys), SMTP AUTH and
 * IMAP LOGIN so that guessing on one protocol slows the others too. In memory and bounded: a
 * source is forgotten once `windowMs` passes after its last failure or lockout, and beyond
 * `maxSources` the least recently failing one goes first. Once a source reaches `limit`
 * failures it is locked out for `lockoutMs`, doubled by each failure after that (up to
 * `maxLockoutMs`); while locked, the transports refuse it without checking the credentials,
 * so a lockout cannot be used as an oracle. A success does not reset the count: one valid key
 * must not let its holder guess others at full speed.
 */
export class AuthThrottle {
  private readonly entries = new Map<string, Entry>();
  private readonly maxLockoutMs: number;
  private readonly maxSources: number;

  constructor(private readonly settings: AuthThrottleSettings, private readonly clock: Clock = systemClock) {
    this.maxLockoutMs = settings.maxLockoutMs ?? MAX_LOCKOUT_MS;
    this.maxSources = settings.maxSources ?? MAX_SOURCES;
  }

  /** Milliseconds the source must still wait before its next attempt is looked at; 0 = now. */
  lockedFor(address: string | undefined): number {
    if (this.settings.limit === 0) return 0;
    const key = sourceKey(address);
    const entry = this.entries.get(key);
    if (!entry) return 0;
    const now = this.now();
    if (this.isStale(entry, now)) {
      this.entries.delete(key);
      return 0;
    }
    return Math.max(0, entry.lockedUntil - now);
  }

  /** Records a failed attempt; returns the lockout it starts in milliseconds (0 while under the limit). */
  failed(address: string | undefined): number {
    if (this.settings.limit === 0) return 0;
    const key = sourceKey(address);
    const now = this.now();
    const known = this.entries.get(key);
    const entry = known && !this.isStale(known, now) ? known : { failures: 0, lastFailure: now, lockedUntil: 0 };
    // Re-inserted so the Map's order is least recently failing first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    entry.failures += 1;
    entry.lastFailure = now;
    const over = entry.failures - this.settings.limit;
    const lockout = over < 0 ? 0 : Math.min(this.maxLockoutMs, this.settings.lockoutMs * 2 ** Math.min(over, 40));
    if (lockout > 0) entry.lockedUntil = now + lockout;
    this.prune(now);
    return lockout;
  }

  /** How many sources are remembered (for tests and the bound). */
  get size(): number {
    return this.entries.size;
  }

  private isStale(entry: Entry, now: number): boolean {
    return now >= Math.max(entry.lastFailure, entry.lockedUntil) + this.settings.windowMs;
  }

  private prune(now: number): void {
    // Oldest first: stop at the first one still live, the rest failed more recently.
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxSources && !this.isStale(entry, now)) break;
      this.entries.delete(key);
    }
  }

  private now(): number {
    return this.clock.now().getTime();
  }
}

/**
 * The source an attempt is counted against: an IPv4 address (IPv4-mapped IPv6 included) as
 * itself, an IPv6 address by its /64, as one host usually holds a whole /64 and could
 * otherwise step through it to escape any count.
 */
export function sourceKey(address: string | undefined): string {
  if (!address) return 'unknown';
  try {
    const parsed = ipaddr.process(address);
    if (parsed.kind() === 'ipv4') return parsed.toString();
    const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
    return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
  } catch {
    return address;
  }
}
