import type { CompiledQuery, Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from '../schema.js';
import type { IncomingEmail } from '../ports.js';
import { threadKeys } from '../../core/threading.js';
import { dedupeCandidates, keepFresh, retryLocks, retryProbes, type HeldRow } from './retry-dedupe.js';
import {
  addStoredThreads, assignThreads, attachmentRows, blobUpserts, chunks, emailRow, receivedEvents,
  THREAD_CANDIDATES_PER_LOOKUP, threadCandidates, uidBumps, uidsInOrder, withSearchVectors,
} from './store-incoming.js';
import { storedThreadRowsQuery } from './threading.js';
import { mailAuthRows } from './mail-auth-repository.js';
import { domainEventRows } from './domain-event-repository.js';
import { automationJobRow } from './automation-job-repository.js';
import { runPgBatch } from './dialect/pg-batch.js';

/**
 * storeIncomingGroup (store-incoming.ts) on PostgreSQL in two round trips, whatever the group
 * holds. Statement by statement it took ten or more, each a round trip of 0.3-0.5 ms, which
 * was most of a message's time to commit at light load.
 *
 * 1. BEGIN, the retry locks, the inbox rows locked FOR UPDATE (their next IMAP UIDs), the
 *    lookup of copies already held and of the threads already stored: every read the group's
 *    rows depend on, as one batch (pg-batch.ts).
 * 2. Every write and COMMIT, as one batch.
 *
 * The rows are decided in between by the same functions as on SQLite, so both store the same.
 * What differs from storing statement by statement: the inbox rows are locked before the
 * lookups rather than bumped after them, so two nodes storing to one inbox take turns over
 * the whole group (the locks are taken in id order, after the retry locks, as before), and the
 * thread lookup covers the retries the group then leaves out (their threads go unused).
 */
export async function storeIncomingGroupPostgres(db: Kysely<Database>, pool: pg.Pool, group: IncomingEmail[]): Promise<void> {
  if (group.length === 0) return;
  const candidates = dedupeCandidates(group);
  const keysOf = group.map(({ email }) => threadKeys(email));
  const inboxIds = [...new Set(group.map(({ email }) => email.inboxId))].sort();

  const locks: CompiledQuery[] = candidates.length > 0 ? [retryLocks(candidates).compile(db)] : [];
  const inboxes = db.selectFrom('inboxes').select(['id', 'imap_uid_next']).where('id', 'in', inboxIds).orderBy('id').forUpdate().compile();
  const probes = retryProbes(db, candidates).map((probe) => probe.compile());
  const lookups: Array<{ tenantId: string; query: CompiledQuery }> = [];
  for (const [tenantId, all] of threadCandidates(group, keysOf)) {
    for (const chunk of chunks(all, THREAD_CANDIDATES_PER_LOOKUP)) lookups.push({ tenantId, query: storedThreadRowsQuery(db, tenantId, chunk).compile() });
  }

  const client = await pool.connect();
  try {
    const read = await runPgBatch(client, ['begin', ...locks, inboxes, ...probes, ...lookups.map((l) => l.query)]);
    let at = 1 + locks.length;
    const firstFree = new Map(read[at++]!.rows.map((row: { id: string; imap_uid_next: number }) => [row.id, Number(row.imap_uid_next)]));
    const held = probes.flatMap(() => read[at++]!.rows as HeldRow[]);
    // a tenant's rows of all its lookups together (addStoredThreads puts sent mail first across them)
    const byTenant = new Map<string, Array<{ message_id: string | null; thread_id: string | null; sent: number }>>();
    for (const { tenantId } of lookups) {
      const rows = byTenant.get(tenantId) ?? [];
      rows.push(...read[at++]!.rows);
      byTenant.set(tenantId, rows);
    }
    const storedThreads = new Map<string, string>();
    for (const [tenantId, rows] of byTenant) addStoredThreads(storedThreads, tenantId, rows);

    const batch = candidates.length > 0 ? keepFresh(group, held) : group;
    const keysByItem = new Map(group.map((item, i) => [item, keysOf[i]!]));
    await runPgBatch(client, [...writes(db, batch, batch.map((item) => keysByItem.get(item)!), storedThreads, firstFree), 'commit']);
    client.release();
  } catch (err) {
    // the transaction is open (or failed): roll it back, or drop a connection that cannot
    await client.query('rollback').then(() => client.release(), (rollbackError: Error) => client.release(rollbackError));
    throw err;
  }
}

/** Every statement of a group's writes, in the order storeIncomingGroup runs them. */
function writes(db: Kysely<Database>, batch: IncomingEmail[], keysOf: string[][], storedThreads: Map<string, string>, firstFree: Map<string, number>): CompiledQuery[] {
  if (batch.length === 0) return [];
  const out: CompiledQuery[] = blobUpserts(db, batch).map((q) => q.compile());
  for (const rows of chunks(assignThreads(batch, keysOf, storedThreads))) out.push(db.insertInto('email_threads').values(rows).compile());

  const inboxIds = batch.map(({ email }) => email.inboxId);
  const uids = uidsInOrder(inboxIds, firstFree);
  out.push(...uidBumps(db, inboxIds).map((bump) => bump.compile()));

  const emailRows = withSearchVectors(batch, batch.map(({ email }, i) => emailRow(email, uids[i]!)));
  for (const rows of chunks(emailRows)) out.push(db.insertInto('emails').values(rows).compile());
  for (const rows of chunks(mailAuthRows(batch.map(({ email }) => email)))) out.push(db.insertInto('mail_auth_results').values(rows).compile());
  for (const rows of chunks(attachmentRows(batch))) out.push(db.insertInto('attachments').values(rows).compile());
  for (const rows of chunks(domainEventRows(receivedEvents(batch)))) out.push(db.insertInto('domain_events').values(rows).compile());
  const jobs = batch.flatMap((item) => item.followUps ?? []).map(automationJobRow);
  for (const rows of chunks(jobs)) out.push(db.insertInto('automation_jobs').values(rows).compile());
  return out;
}
