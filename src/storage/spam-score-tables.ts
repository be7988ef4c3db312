/** Kysely table types of spam scores (migration 0055). */
export interface SpamScoresTable {
  email_id: string;
  tenant_id: string;
  inbox_id: string;
  score: number;
  required_score: number;
  threshold: number;
  spam: number;
  rules_json: string;
  checked_at: number;
}
