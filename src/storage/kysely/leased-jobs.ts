import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** Tables of durable jobs claimed under a lease (jobs/leased-jobs.ts runs them). */
export type LeasedJobTable = 'send_queue' | 'webhook_deliveries' | 'automation_jobs';

/** The columns every leased-job table has. */
interface LeaseColumns {
  state: string;
  next_attempt_at: number;
  lease_token: string | null;
  lease_until: number | null;
}

// The two tables differ elsewhere; through their shared lease columns one query serves both.
const leased = (db: Kysely<Database>) => db as unknown as Kysely<Record<LeasedJobTable, LeaseColumns>>;

/** When the next pending job or lease in `table` falls due; undefined when none. */
export async function nextDueAt(db: Kysely<Database>, table: LeasedJobTable): Promise<number | undefined> {
  const row = await leased(db).selectFrom(table)
    .select((eb) => [
      eb.fn.min(eb.case().when('state', '=', 'pending').then(eb.ref('next_attempt_at')).end()).as('pending'),
      eb.fn.min(eb.case().when('state', '=', 'inflight').then(eb.ref('lease_until')).end()).as('leased'),
    ])
    .where('state', 'in', ['pending', 'inflight'])
    .executeTakeFirst();
  const times = [row?.pending, row?.leased].filter((t) => t !== null && t !== undefined).map(Number);
  return times.length > 0 ? Math.min(...times) : undefined;
}

/** Puts every job a crashed process held back to pending (single-process stores only). */
export async function releaseLeases(db: Kysely<Database>, table: LeasedJobTable): Promise<void> {
  await leased(db).updateTable(table)
    .set({ state: 'pending', lease_token: null, lease_until: null })
    .where('state', '=', 'inflight').execute();
}
