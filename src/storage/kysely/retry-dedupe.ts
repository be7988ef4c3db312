import { PostgresAdapter, sql, type Transaction } from 'kysely';
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
  // a mark from an earlier attempt at this group (one that failed) does not count
  for (const item of batch) delete item.duplicateOf;
  const candidates = batch.filter((item) => item.dedupeSince && item.email.messageId);
  if (candidates.length === 0) return batch;

  const keyOf = (item: IncomingEmail) => `${item.email.inboxId}\n${item.email.rawSha256}`;
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    const keys = [...new Set(candidates.map(keyOf))].sort();
    await sql`select pg_advisory_xact_lock(hashtext(k), hashtext(current_schema()))
      from (select k from unnest(${keys}::text[]) as k order by k) as ordered`.execute(trx);
  }

  const held = new Map<string, string>(); // inbox + hash → the email already held
  for (let i = 0; i < candidates.length; i += ITEMS_PER_LOOKUP) {
    const chunk = candidates.slice(i, i + ITEMS_PER_LOOKUP);
    const rows = await trx
      .selectFrom('emails')
      .select(['id', 'inbox_id', 'raw_sha256'])
      .where((eb) => eb.or(chunk.map(({ email, dedupeSince }) => eb.and([
        eb('inbox_id', '=', email.inboxId),
        eb('raw_sha256', '=', email.rawSha256),
        eb('created_at', '>=', toMillis(dedupeSince!)),
      ]))))
      .execute();
    for (const row of rows) held.set(`${row.inbox_id}\n${row.raw_sha256}`, row.id);
  }

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
