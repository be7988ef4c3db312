/** Table types of agent-scoped API keys and the audit log (migration 0040). */

/** Columns 0040 adds to api_keys. */
export interface ApiKeyScopeColumns {
  /** what the owner called the key; null for keys made before names */
  name: string | null;
  /** JSON `{"permissions": string[], "inboxIds": string[] | null}`; null = a full key */
  scope: string | null;
  /** after this (millis) the key is refused; null = never */
  expires_at: number | null;
}

export interface AuditLogsTable {
  id: string;
  /** '' for a failed login that names no known tenant */
  tenant_id: string;
  event_ts: number;
  action: string;
  user_id: string | null;
  actor_user_id: string | null;
  target_user_id: string | null;
  resource_type: string | null;
  resource_id: string | null;
  outcome: string | null;
  request_id: string | null;
  ip_address: string | null;
  metadata_json: string | null;
}
