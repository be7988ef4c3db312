import { isNoSuchRecord } from '../../core/dns.js';

/** One DNS question as mailauth asks it (dns.promises.resolve's shape). */
export type DnsLookup = (name: string, rrtype: string) => Promise<unknown>;

export interface DnsAnswerCacheOptions {
  /** how long an answer (or "no such record") is reused, in milliseconds; 0 = never */
  maxAgeMs: number;
  /** questions remembered at most: the oldest are forgotten first (mail from many domains) */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  answer: Promise<unknown>;
  /** Infinity while the question is still being asked: callers meanwhile share it */
  expiresAt: number;
}

const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * The mail checks' DNS answers, reused for `maxAgeMs` (PIGEONHOLE_MAIL_AUTH_DNS_CACHE). Mail
 * from one sender asks the same three to ten questions for every message (SPF and its
 * includes, the DKIM key, DMARC); without this each was a round trip to the resolver and a
 * share of the event loop the SMTP sessions run on. Questions asked while the same one is on
 * its way share its answer. Node's resolver reports no TTL for most record types, so the age
 * is the setting's, not the record's: an answer is at most that much staler than the resolver's.
 * "No such record" (NXDOMAIN, NODATA) is kept like an answer; failures (timeouts, SERVFAIL,
 * refused) are not, so the next message asks again. Each caller gets its own copy of the
 * answer: mailauth sorts and edits what it is given.
 */
export function cachedDnsLookup(lookup: DnsLookup, options: DnsAnswerCacheOptions): DnsLookup {
  const { maxAgeMs } = options;
  if (maxAgeMs <= 0) return lookup;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  // a Map keeps insertion order: re-inserting on use makes its first key the least recently used
  const entries = new Map<string, Entry>();

  const ask = (key: string, name: string, rrtype: string): Entry => {
    const entry: Entry = { answer: lookup(name, rrtype), expiresAt: Infinity };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    entry.answer.then(
      () => { entry.expiresAt = now() + maxAgeMs; },
      (error: unknown) => {
        if (isNoSuchRecord(error)) entry.expiresAt = now() + maxAgeMs;
        else if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return entry;
  };

  return (name, rrtype) => {
    const key = `${rrtype.toUpperCase()} ${name.toLowerCase().replace(/\.$/, '')}`;
    let entry = entries.get(key);
    if (entry && entry.expiresAt > now()) {
      entries.delete(key);
      entries.set(key, entry);
    } else {
      entry = ask(key, name, rrtype);
    }
    return entry.answer.then((answer) => structuredClone(answer));
  };
}
