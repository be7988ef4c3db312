import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { PostmasterConnectionsTable } from '../mail-auth-tables.js';
import type { PostmasterConnectionRecord, PostmasterRepository } from '../ports.js';
import { toMillis, toMillisOrNull } from './rows.js';

const date = (ms: number | string | null): Date | null => (ms === null ? null : new Date(Number(ms)));

function toConnection(row: Selectable<PostmasterConnectionsTable>): PostmasterConnectionRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    status: row.status as PostmasterConnectionRecord['status'],
    oauthState: row.oauth_state,
    redirectUri: row.redirect_uri,
    connectedEmail: row.connected_email,
    scope: row.scope,
    accessToken: row.access_token,
    refreshToken: row.refresh_token,
    tokenExpiresAt: date(row.token_expires_at),
    lastSyncedAt: date(row.last_synced_at),
    lastError: row.last_error,
    createdAt: date(row.created_at)!,
    updatedAt: date(row.updated_at)!,
  };
}

export function postmasterRepository(db: Kysely<Database>): PostmasterRepository {
  return {
    async connection(tenantId) {
      const row = await db.selectFrom('postmaster_connections').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
      return row && toConnection(row);
    },
    async saveConnection(c) {
      const values = {
        id: c.id,
        tenant_id: c.tenantId,
        status: c.status,
        oauth_state: c.oauthState,
        redirect_uri: c.redirectUri,
        connected_email: c.connectedEmail,
        scope: c.scope,
        access_token: c.accessToken,
        refresh_token: c.refreshToken,
        token_expires_at: toMillisOrNull(c.tokenExpiresAt),
        last_synced_at: toMillisOrNull(c.lastSyncedAt),
        last_error: c.lastError,
        created_at: toMillis(c.createdAt),
        updated_at: toMillis(c.updatedAt),
      };
      const { tenant_id: _t, created_at: _c, ...changes } = values;
      await db.insertInto('postmaster_connections').values(values)
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet(changes)).execute();
    },
    async deleteConnection(tenantId) {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('postmaster_traffic_stats').where('tenant_id', '=', tenantId).execute();
        await trx.deleteFrom('postmaster_domains').where('tenant_id', '=', tenantId).execute();
        const result = await trx.deleteFrom('postmaster_connections').where('tenant_id', '=', tenantId).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },
    async domains(tenantId) {
      const rows = await db.selectFrom('postmaster_domains').selectAll().where('tenant_id', '=', tenantId).orderBy('domain').execute();
      return rows.map((row) => ({
        tenantId: row.tenant_id,
        domain: row.domain,
        name: row.name,
        permission: row.permission,
        createTime: date(row.create_time),
        firstSeenAt: date(row.first_seen_at)!,
        lastSyncedAt: date(row.last_synced_at)!,
      }));
    },
    async saveDomains(tenantId, domains, at) {
      if (domains.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const d of domains) {
          await trx.insertInto('postmaster_domains').values({
            tenant_id: tenantId,
            domain: d.domain,
            name: d.name,
            permission: d.permission,
            create_time: toMillisOrNull(d.createTime),
            first_seen_at: toMillis(at),
            last_synced_at: toMillis(d.lastSyncedAt),
          }).onConflict((oc) => oc.columns(['tenant_id', 'domain']).doUpdateSet({
            name: d.name, permission: d.permission, create_time: toMillisOrNull(d.createTime), last_synced_at: toMillis(d.lastSyncedAt),
          })).execute();
        }
      });
    },
    async trafficStats(tenantId, domain, range) {
      let query = db.selectFrom('postmaster_traffic_stats').selectAll().where('tenant_id', '=', tenantId).where('domain', '=', domain);
      if (range.startDate) query = query.where('report_date', '>=', range.startDate);
      if (range.endDate) query = query.where('report_date', '<=', range.endDate);
      const rows = await query.orderBy('report_date').execute();
      return rows.map((row) => ({
        tenantId: row.tenant_id,
        domain: row.domain,
        reportDate: row.report_date,
        name: row.name,
        payload: JSON.parse(row.payload_json) as Record<string, unknown>,
        syncedAt: date(row.synced_at)!,
      }));
    },
    async saveTrafficStats(records) {
      if (records.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const r of records) {
          const values = {
            tenant_id: r.tenantId, domain: r.domain, report_date: r.reportDate, name: r.name,
            payload_json: JSON.stringify(r.payload), synced_at: toMillis(r.syncedAt),
          };
          await trx.insertInto('postmaster_traffic_stats').values(values)
            .onConflict((oc) => oc.columns(['tenant_id', 'domain', 'report_date']).doUpdateSet({
              name: values.name, payload_json: values.payload_json, synced_at: values.synced_at,
            })).execute();
        }
      });
    },
  };
}
