import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema.js';
import type { IncomingEmail } from '../ports.js';
import { toMillis } from './rows.js';

/** Items per lookup: 3 parameters each, far under either database's bound. */
const ITEMS_PER_LOOKUP = 100;

/**
 * Retry dedupe (IncomingEmail.dedupeSince): the items of a group that are retries of mail
 * already held are marked `duplicateOf` and left out; the rest is returned to be stored.
 *
 * A retry is a copy for an inbox that already holds the same raw bytes (sha256) since the
 * item's dedupeSince, or for which an earlier item of the group is that copy. Same bytes
 * means the same Message-ID too, so one probe of emails_inbox_raw (inbox, hash, time) per
 * item decides it; mail without a Message-ID is never a retry.
 *
 * Race-safe: on one node, groups are written one after the other (group-commit.ts, and on
 * SQLite a single writer thread), so a retry that arrives while the first copy commits is
 * in a later group and sees it. Across PostgreSQL nodes a transaction-scoped advisory lock
 * per (inbox, hash), taken before the probe and held to the commit, makes the second
 * writer wait for the first and then see its row (READ COMMITTED: each statement sees what
 * has committed before it starts). The locks are taken first in the transaction and in
 * one order, so they add no deadlock.
 */
export async function withoutRetries(trx: Transaction<Database>, batch: IncomingEmail[]): Promise<IncomingEmail[]> {
  const candidates = dedupeCandidates(batch);
  if (candidates.length === 0) return batch;
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await retryLocks(candidates).execute(trx);
  const held: HeldRow[] = [];
  for (const probe of retryProbes(trx, candidates)) held.push(...(await probe.execute()));
  return keepFresh(batch, held);
}

/** The items that may be retries (a mark from an earlier, failed attempt at this group is cleared first). */
export function dedupeCandidates(batch: IncomingEmail[]): IncomingEmail[] {
  for (const item of batch) delete item.duplicateOf;
  return batch.filter((item) => item.dedupeSince && item.email.messageId);
}

const keyOf = (item: IncomingEmail) => `${item.email.inboxId}\n${item.email.rawSha256}`;

/** PostgreSQL: the advisory locks of these candidates, in one order. */
export function retryLocks(candidates: IncomingEmail[]) {
  const keys = [...new Set(candidates.map(keyOf))].sort();
  return sql`select pg_advisory_xact_lock(hashtext(k), hashtext(current_schema()))
    from (select k from unnest(${keys}::text[]) as k order by k) as ordered`;
}

export type HeldRow = { id: string; inbox_id: string; raw_sha256: string };

/** The lookups of the copies already held, a statement per ITEMS_PER_LOOKUP candidates. */
export function retryProbes(db: Kysely<Database>, candidates: IncomingEmail[]) {
  const probes = [];
  for (let i = 0; i < candidates.length; i += ITEMS_PER_LOOKUP) {
    const chunk = candidates.slice(i, i + ITEMS_PER_LOOKUP);
    probes.push(db
      .selectFrom('emails')
      .select(['id', 'inbox_id', 'raw_sha256'])
      .where((eb) => eb.or(chunk.map(({ email, dedupeSince }) => eb.and([
        eb('inbox_id', '=', email.inboxId),
        eb('raw_sha256', '=', email.rawSha256),
        eb('created_at', '>=', toMillis(dedupeSince!)),
      ])))));
  }
  return probes;
}

/** Marks the retries among `batch` given the copies already held; returns the rest, to be stored. */
export function keepFresh(batch: IncomingEmail[], heldRows: HeldRow[]): IncomingEmail[] {
  const held = new Map<string, string>(); // inbox + hash → the email already held
  for (const row of heldRows) held.set(`${row.inbox_id}\n${row.raw_sha256}`, row.id);
  const fresh: IncomingEmail[] = [];
  for (const item of batch) {
    const key = keyOf(item);
    const original = item.dedupeSince && item.email.messageId ? held.get(key) : undefined;
    if (original) {
      item.duplicateOf = original;
      continue;
    }
    // as if stored one after the other: a later item of this group may be a retry of this one
    if (item.email.messageId && !held.has(key)) held.set(key, item.email.id);
    fresh.push(item);
  }
  return fresh;
}
