import type { Kysely, Selectable } from 'kysely';
import type { InboxPlacementTestsTable } from '../inbox-placement-tables.js';
import type { Database } from '../schema.js';
import type { InboxPlacementRepository, PlacementTargetRecord, PlacementTestRecord, PlacementTestSource } from '../ports.js';
import { fromMillis, toMillis } from './rows.js';

const DATE_FIELDS = ['submittedAt', 'firstMatchAt', 'completedAt', 'expiresAt', 'lastEventAt'] as const;
const date = (value: unknown) => (typeof value === 'string' ? new Date(value) : null);

function toRecord(row: Selectable<InboxPlacementTestsTable>): PlacementTestRecord {
  const body = JSON.parse(row.test_json) as Record<string, unknown> & { targets: Array<Record<string, unknown>> };
  const record = { ...body } as unknown as PlacementTestRecord;
  for (const field of DATE_FIELDS) (record as unknown as Record<string, unknown>)[field] = date(body[field]);
  record.targets = body.targets.map((t) => ({ ...t, receivedAt: date(t.receivedAt) }) as unknown as PlacementTargetRecord);
  return {
    ...record, id: row.id, tenantId: row.tenant_id, source: row.source as PlacementTestSource, shareToken: row.share_token,
    createdAt: fromMillis(row.created_at), updatedAt: fromMillis(row.updated_at),
  };
}

function toRow(r: PlacementTestRecord): InboxPlacementTestsTable {
  const { id, tenantId, source, shareToken, createdAt, updatedAt, ...rest } = r;
  return {
    id, tenant_id: tenantId, source, share_token: shareToken, test_json: JSON.stringify(rest),
    created_at: toMillis(createdAt), updated_at: toMillis(updatedAt),
  };
}

export function inboxPlacementRepository(db: Kysely<Database>): InboxPlacementRepository {
  return {
    async insert(r) {
      await db.insertInto('inbox_placement_tests').values(toRow(r)).execute();
      return r;
    },

    async get(tenantId, id) {
      const row = await db.selectFrom('inbox_placement_tests').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async byShareToken(token) {
      const row = await db.selectFrom('inbox_placement_tests').selectAll().where('share_token', '=', token).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async list(tenantId, filter) {
      let query = db.selectFrom('inbox_placement_tests').selectAll().where('tenant_id', '=', tenantId).where('source', '=', filter.source);
      if (filter.since) query = query.where('created_at', '>=', toMillis(filter.since));
      if (filter.before) query = query.where('created_at', '<', toMillis(filter.before));
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
      return rows.map(toRecord);
    },

    async update(r) {
      const { test_json, updated_at } = toRow(r);
      await db.updateTable('inbox_placement_tests').set({ test_json, updated_at }).where('tenant_id', '=', r.tenantId).where('id', '=', r.id).execute();
    },
  };
}
