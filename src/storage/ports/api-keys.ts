/** Storage port of API keys. */
import type { UserRecord } from './users.js';

export interface ApiKeyRecord {
  id: string;
  tenantId: string;
  keyPrefix: string;
  createdAt: Date;
  revokedAt: Date | null;
}

export interface ApiKeyRepository {
  create(key: ApiKeyRecord, keyHash: string): Promise<void>;
  /** The active (not revoked) key with this hash, with its owner. */
  findActiveByHash(keyHash: string): Promise<{ key: ApiKeyRecord; user: UserRecord } | undefined>;
  listForTenant(tenantId: string): Promise<ApiKeyRecord[]>;
  /** Marks the key revoked; false when the tenant has no such active key. */
  revoke(tenantId: string, keyId: string, at: Date): Promise<boolean>;
}
