import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { AuditLogsTable } from '../access-tables.js';
import type { AuditLogRecord, AuditLogRepository } from '../ports.js';
import { fromMillis, toMillis } from './rows.js';

/** Rows per INSERT: well under both databases' bound-value limits (13 columns each). */
const INSERT_CHUNK = 200;

const toRecord = (row: Selectable<AuditLogsTable>): AuditLogRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  eventTs: fromMillis(row.event_ts),
  action: row.action,
  userId: row.user_id,
  actorUserId: row.actor_user_id,
  targetUserId: row.target_user_id,
  resourceType: row.resource_type,
  resourceId: row.resource_id,
  outcome: row.outcome,
  requestId: row.request_id,
  ipAddress: row.ip_address,
  metadataJson: row.metadata_json,
});

const toRow = (r: AuditLogRecord): AuditLogsTable => ({
  id: r.id,
  tenant_id: r.tenantId,
  event_ts: toMillis(r.eventTs),
  action: r.action,
  user_id: r.userId,
  actor_user_id: r.actorUserId,
  target_user_id: r.targetUserId,
  resource_type: r.resourceType,
  resource_id: r.resourceId,
  outcome: r.outcome,
  request_id: r.requestId,
  ip_address: r.ipAddress,
  metadata_json: r.metadataJson,
});

export function auditLogRepository(db: Kysely<Database>): AuditLogRepository {
  return {
    async insertMany(records) {
      for (let i = 0; i < records.length; i += INSERT_CHUNK) {
        await db.insertInto('audit_logs').values(records.slice(i, i + INSERT_CHUNK).map(toRow)).execute();
      }
    },
    async search(tenantId, filter, limit, after) {
      let q = db.selectFrom('audit_logs').selectAll().where('tenant_id', '=', tenantId);
      if (filter.since) q = q.where('event_ts', '>=', toMillis(filter.since));
      if (filter.before) q = q.where('event_ts', '<', toMillis(filter.before));
      const exact = {
        action: filter.action, user_id: filter.userId, actor_user_id: filter.actorUserId, target_user_id: filter.targetUserId,
        resource_type: filter.resourceType, resource_id: filter.resourceId, outcome: filter.outcome, request_id: filter.requestId,
        ip_address: filter.ipAddress, id: filter.eventId,
      } as const;
      for (const [column, value] of Object.entries(exact) as Array<[keyof typeof exact, string | undefined]>) {
        if (value !== undefined) q = q.where(column, '=', value);
      }
      if (after) {
        const ts = toMillis(after.eventTs);
        q = q.where((eb) => eb.or([eb('event_ts', '<', ts), eb.and([eb('event_ts', '=', ts), eb('id', '<', after.id)])]));
      }
      const rows = await q.orderBy('event_ts', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toRecord);
    },
    async find(tenantId, eventId) {
      const row = await db.selectFrom('audit_logs').selectAll().where('tenant_id', '=', tenantId).where('id', '=', eventId).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },
    async prune(before, batch) {
      const ids = db.selectFrom('audit_logs').select('id').where('event_ts', '<', toMillis(before)).limit(batch);
      const result = await db.deleteFrom('audit_logs').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
