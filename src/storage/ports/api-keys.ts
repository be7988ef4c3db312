/** Storage port of API keys. */
import type { UserRecord } from './users.js';

/** What an agent-scoped key may do: permissions, and the inboxes it may touch (null = all of the owner's). */
export interface ApiKeyScope {
  permissions: string[];
  inboxIds: string[] | null;
}

export interface ApiKeyRecord {
  id: string;
  tenantId: string;
  keyPrefix: string;
  createdAt: Date;
  revokedAt: Date | null;
  /** the owner's name for it (migration 0040) */
  name?: string | null;
  /** null or absent = a full key */
  scope?: ApiKeyScope | null;
  /** refused after this; null or absent = never */
  expiresAt?: Date | null;
}

export interface ApiKeyRepository {
  create(key: ApiKeyRecord, keyHash: string): Promise<void>;
  /** The active (not revoked) key with this hash, with its owner. */
  findActiveByHash(keyHash: string): Promise<{ key: ApiKeyRecord; user: UserRecord } | undefined>;
  listForTenant(tenantId: string): Promise<ApiKeyRecord[]>;
  /** One key of the tenant, revoked or not. */
  findForTenant(tenantId: string, keyId: string): Promise<ApiKeyRecord | undefined>;
  /** Marks the key revoked; false when the tenant has no such active key. */
  revoke(tenantId: string, keyId: string, at: Date): Promise<boolean>;
}
