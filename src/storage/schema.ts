/**
 * Kysely table types: the single source of truth for column names and types.
 * Portable choices, so one set of queries runs on SQLite and PostgreSQL:
 * - times are epoch milliseconds (bigint), which sort and compare the same everywhere;
 * - flags are 0/1 integers (SQLite has no boolean and better-sqlite3 cannot bind one);
 * - ids are UUID text. Every tenant-owned table carries tenant_id.
 */
export interface UsersTable {
  id: string;
  email: string;
  name: string | null;
  is_admin: number;
  created_at: number;
}

export interface ApiKeysTable {
  id: string;
  tenant_id: string;
  key_hash: string;
  /** first characters of the key, so a user can tell keys apart without seeing them */
  key_prefix: string;
  created_at: number;
  revoked_at: number | null;
}

export interface InboxesTable {
  id: string;
  tenant_id: string;
  email_address: string;
  local_part: string;
  domain: string;
  domain_id: string | null;
  name: string | null;
  description: string | null;
  favourite: number;
  inbox_type: 'HTTP' | 'SMTP';
  virtual_inbox: number;
  expires_at: number | null;
  created_at: number;
}

export interface InboxTagsTable {
  inbox_id: string;
  tenant_id: string;
  tag: string;
}

/** One row per inbox ever created: the quota counts these, so deleting an inbox gives nothing back. */
export interface InboxCreationsTable {
  id: string;
  tenant_id: string;
  created_at: number;
}

export interface DomainsTable {
  id: string;
  tenant_id: string;
  domain: string;
  verified: number;
  inbox_type: 'HTTP' | 'SMTP';
  created_at: number;
}

export interface Database {
  users: UsersTable;
  api_keys: ApiKeysTable;
  inboxes: InboxesTable;
  inbox_tags: InboxTagsTable;
  inbox_creations: InboxCreationsTable;
  domains: DomainsTable;
}
