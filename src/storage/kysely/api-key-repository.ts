import type { Kysely, Selectable } from 'kysely';
import type { ApiKeysTable, Database } from '../schema.js';
import type { ApiKeyRecord, ApiKeyRepository, ApiKeyScope } from '../ports.js';
import { fromMillis, fromMillisOrNull, toMillis } from './rows.js';
import { toUser } from './user-repository.js';
import { compiledOnce } from './compiled-once.js';

const toKey = (row: Selectable<ApiKeysTable>): ApiKeyRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  keyPrefix: row.key_prefix,
  createdAt: fromMillis(row.created_at),
  revokedAt: fromMillisOrNull(row.revoked_at),
  name: row.name ?? null,
  scope: row.scope ? (JSON.parse(row.scope) as ApiKeyScope) : null,
  expiresAt: fromMillisOrNull(row.expires_at ?? null),
});

/** Every API request's first read (compiled once: compiled-once.ts). */
const activeKeyByHash = compiledOnce((db, keyHash: string) => db
  .selectFrom('api_keys as k')
  .innerJoin('users as u', 'u.id', 'k.tenant_id')
  .select([
    'k.id', 'k.tenant_id', 'k.key_hash', 'k.key_prefix', 'k.created_at', 'k.revoked_at', 'k.name', 'k.scope', 'k.expires_at',
    'u.email', 'u.name', 'u.is_admin', 'u.created_at as user_created_at', 'u.organization_id', 'u.org_role', 'u.active',
  ])
  .where('k.key_hash', '=', keyHash)
  .where('k.revoked_at', 'is', null)
  // A deactivated user's keys stop working at once (and work again when it is reactivated).
  .where('u.active', '=', 1));

export function apiKeyRepository(db: Kysely<Database>): ApiKeyRepository {
  return {
    async create(key, keyHash) {
      await db
        .insertInto('api_keys')
        .values({
          id: key.id,
          tenant_id: key.tenantId,
          key_hash: keyHash,
          key_prefix: key.keyPrefix,
          created_at: toMillis(key.createdAt),
          revoked_at: null,
          name: key.name ?? null,
          scope: key.scope ? JSON.stringify({ permissions: key.scope.permissions, inboxIds: key.scope.inboxIds }) : null,
          expires_at: key.expiresAt ? toMillis(key.expiresAt) : null,
        })
        .execute();
    },
    async findActiveByHash(keyHash) {
      const [row] = await activeKeyByHash(db, keyHash);
      if (!row) return undefined;
      return {
        key: toKey(row),
        user: toUser({
          id: row.tenant_id, email: row.email, name: row.name, is_admin: row.is_admin, created_at: row.user_created_at,
          organization_id: row.organization_id, org_role: row.org_role, active: row.active,
        }),
      };
    },
    async listForTenant(tenantId) {
      const rows = await db
        .selectFrom('api_keys')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toKey);
    },
    async findForTenant(tenantId, keyId) {
      const row = await db.selectFrom('api_keys').selectAll().where('tenant_id', '=', tenantId).where('id', '=', keyId).executeTakeFirst();
      return row ? toKey(row) : undefined;
    },
    async revoke(tenantId, keyId, at) {
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_at: toMillis(at) })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', keyId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
