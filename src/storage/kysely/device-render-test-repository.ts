import type { Kysely, Selectable } from 'kysely';
import type { DeviceRenderTestsTable } from '../device-render-test-tables.js';
import type { Database } from '../schema.js';
import type { DeviceRenderTestRecord, DeviceRenderTestRepository } from '../ports.js';
import { fromMillis, toMillis } from './rows.js';

function toRecord(row: Selectable<DeviceRenderTestsTable>): DeviceRenderTestRecord {
  const body = JSON.parse(row.test_json) as Partial<DeviceRenderTestRecord> & Omit<DeviceRenderTestRecord, 'expiresAt' | 'kind' | 'nativeTargets' | 'sourceTo' | 'sourceMessageId' | 'sourceSizeBytes'> & { expiresAt: string };
  // rows from before import addresses are render tests
  return { kind: 'RENDER_TEST', nativeTargets: null, sourceTo: null, sourceMessageId: null, sourceSizeBytes: null, ...body, id: row.id, tenantId: row.tenant_id, expiresAt: new Date(body.expiresAt), createdAt: fromMillis(row.created_at), updatedAt: fromMillis(row.updated_at) };
}

function toRow(r: DeviceRenderTestRecord): DeviceRenderTestsTable {
  const { id, tenantId, createdAt, updatedAt, ...rest } = r;
  return { id, tenant_id: tenantId, test_json: JSON.stringify(rest), created_at: toMillis(createdAt), updated_at: toMillis(updatedAt) };
}

export function deviceRenderTestRepository(db: Kysely<Database>): DeviceRenderTestRepository {
  return {
    async insert(r) {
      await db.insertInto('device_render_tests').values(toRow(r)).execute();
      return r;
    },
    async get(tenantId, id) {
      const row = await db.selectFrom('device_render_tests').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },
    async update(r) {
      const { test_json, updated_at } = toRow(r);
      await db.updateTable('device_render_tests').set({ test_json, updated_at }).where('tenant_id', '=', r.tenantId).where('id', '=', r.id).execute();
    },
  };
}
