/** Tables of guest portals, email warmup programs and sender seats (migration 0043). */

export interface GuestPortalsTable {
  id: string;
  tenant_id: string;
  name: string | null;
  description: string | null;
  link_help: string | null;
  domain_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface GuestPortalUsersTable {
  id: string;
  tenant_id: string;
  portal_id: string;
  name: string | null;
  /** unique in its portal */
  username: string;
  email_address: string | null;
  inbox_id: string | null;
  /** scrypt$<salt b64>$<hash b64> */
  password_hash: string;
  created_at: number;
  updated_at: number;
}

export interface WarmupProgramsTable {
  id: string;
  tenant_id: string;
  name: string | null;
  /** DRAFT | ACTIVE | PAUSED | COMPLETED */
  state: string;
  sender_inbox_ids_json: string;
  seed_addresses_json: string;
  start_volume: number;
  daily_increase: number;
  max_daily_volume: number;
  duration_days: number;
  subject: string | null;
  active_ms: number;
  running_since: number | null;
  started_at: number | null;
  completed_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface WarmupSendsTable {
  id: string;
  tenant_id: string;
  program_id: string;
  /** the program's day (0-based, in active time) the send counts for */
  day: number;
  sender_inbox_id: string;
  recipient: string;
  sent_email_id: string | null;
  error: string | null;
  created_at: number;
}

export interface SenderSeatCapsTable {
  tenant_id: string;
  /** delivery | warmup */
  kind: string;
  seats: number;
  updated_at: number;
}

export interface SenderSeatsTable {
  tenant_id: string;
  inbox_id: string;
  created_at: number;
}
