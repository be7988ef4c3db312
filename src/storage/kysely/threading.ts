import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';
import { newId } from '../../core/ids.js';
import { headerMessageId } from '../../core/threading.js';

/**
 * The thread a message being stored joins: that of the first of `keys` (see threadKeys)
 * already stored for the tenant, received or sent; otherwise a new thread starting at `at`.
 * Runs inside the storing transaction, so the message and its thread commit together.
 */
export async function assignThread(
  trx: Transaction<Database> | Kysely<Database>,
  tenantId: string,
  keys: string[],
  at: number,
): Promise<string> {
  if (keys.length > 0) {
    // Match the header form and, for ids stored without brackets, the bare form too.
    const candidates = [...new Set(keys.flatMap((k) => [k, k.slice(1, -1)]))];
    const lookup = (table: 'emails' | 'sent_emails') =>
      trx.selectFrom(table).select(['message_id', 'thread_id'])
        .where('tenant_id', '=', tenantId).where('message_id', 'in', candidates).where('thread_id', 'is not', null)
        .execute();
    // One after the other: both run on the transaction's single connection.
    const sent = await lookup('sent_emails');
    const received = await lookup('emails');
    const threadOf = new Map<string, string>();
    for (const row of [...sent, ...received]) {
      const key = headerMessageId(row.message_id);
      if (key && row.thread_id && !threadOf.has(key)) threadOf.set(key, row.thread_id);
    }
    const known = keys.map((k) => threadOf.get(k)).find((t) => t !== undefined);
    if (known) return known;
  }
  const id = newId();
  await trx.insertInto('email_threads').values({ id, tenant_id: tenantId, created_at: at }).execute();
  return id;
}
