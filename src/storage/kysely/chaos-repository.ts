import type { Kysely, Selectable } from 'kysely';
import type { InboxChaosTable } from '../chaos-tables.js';
import type { Database } from '../schema.js';
import type { ChaosRepository, InboxChaosRecord } from '../ports.js';
import { fromMillis, toMillis } from './rows.js';
import { compiledOnce } from './compiled-once.js';

const toRecord = (row: Selectable<InboxChaosTable>): InboxChaosRecord => ({
  inboxId: row.inbox_id, tenantId: row.tenant_id, rules: JSON.parse(row.rules_json) as unknown[],
  createdAt: fromMillis(row.created_at), updatedAt: fromMillis(row.updated_at),
});

/** Read for every SMTP command naming an inbox (compiled once: compiled-once.ts). */
const chaosOfInbox = compiledOnce((db, inboxId: string) => db.selectFrom('inbox_chaos').selectAll().where('inbox_id', '=', inboxId));

export function chaosRepository(db: Kysely<Database>): ChaosRepository {
  const byInbox = async (inboxId: string) => (await chaosOfInbox(db, inboxId))[0];
  return {
    async findByInbox(inboxId) {
      const row = await byInbox(inboxId);
      return row ? toRecord(row) : undefined;
    },

    async put(r) {
      const rules = JSON.stringify(r.rules);
      // One row per inbox: a second writer's insert meets the first's row and replaces its rules.
      await db.insertInto('inbox_chaos').values({
        inbox_id: r.inboxId, tenant_id: r.tenantId, rules_json: rules, created_at: toMillis(r.createdAt), updated_at: toMillis(r.updatedAt),
      }).onConflict((oc) => oc.column('inbox_id').doUpdateSet({ rules_json: rules, updated_at: toMillis(r.updatedAt) })).execute();
      return toRecord((await byInbox(r.inboxId))!);
    },

    async delete(tenantId, inboxId) {
      return db.transaction().execute(async (trx) => {
        const removed = await trx.deleteFrom('inbox_chaos').where('tenant_id', '=', tenantId).where('inbox_id', '=', inboxId).executeTakeFirst();
        if (Number(removed.numDeletedRows) === 0) return false;
        await trx.deleteFrom('chaos_greylist').where('inbox_id', '=', inboxId).execute();
        return true;
      });
    },

    async greylistFirstSeen(inboxId, triple, now, expireBefore, maxEntries) {
      await db.deleteFrom('chaos_greylist').where('inbox_id', '=', inboxId).where('first_seen_at', '<', toMillis(expireBefore)).execute();
      const inserted = await db.insertInto('chaos_greylist').values({ inbox_id: inboxId, triple, first_seen_at: toMillis(now) })
        .onConflict((oc) => oc.columns(['inbox_id', 'triple']).doNothing()).executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
        // Bounded: past maxEntries triples for the inbox, the oldest sightings are forgotten.
        const keep = db.selectFrom('chaos_greylist').select('triple').where('inbox_id', '=', inboxId)
          .orderBy('first_seen_at', 'desc').orderBy('triple', 'desc').limit(maxEntries);
        await db.deleteFrom('chaos_greylist').where('inbox_id', '=', inboxId).where('triple', 'not in', keep).execute();
      }
      const row = await db.selectFrom('chaos_greylist').select('first_seen_at').where('inbox_id', '=', inboxId).where('triple', '=', triple)
        .executeTakeFirst();
      return row ? fromMillis(row.first_seen_at) : now;
    },
  };
}
