/** Kysely table types of chaos per inbox (migration 0048). */
export interface InboxChaosTable {
  inbox_id: string;
  tenant_id: string;
  /** the inbox's chaos rules, in order, as JSON (modules/chaos ChaosRule[]) */
  rules_json: string;
  created_at: number;
  updated_at: number;
}

/** Greylisting state: when a (sender, recipient, client address) triple was first refused. */
export interface ChaosGreylistTable {
  inbox_id: string;
  /** sha256 of sender, recipient and client address */
  triple: string;
  first_seen_at: number;
}
