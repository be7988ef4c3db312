import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { ServerGaugeRepository } from '../ports.js';

/** Unfinished job states: waiting for their due time or held under a lease by a worker. */
const UNFINISHED = ['pending', 'inflight'];

export function serverGaugeRepository(db: Kysely<Database>): ServerGaugeRepository {
  return {
    async storedEmails() {
      const row = await db.selectFrom('emails').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async pendingWebhookDeliveries() {
      const row = await db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('state', 'in', UNFINISHED).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async pendingSends() {
      const row = await db.selectFrom('send_queue').select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('state', 'in', UNFINISHED).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
