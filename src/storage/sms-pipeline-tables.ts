/** Table types of the inbound SMS pipeline (migration 0036). */

/** SMS a tenant did not get because it was at its SMS cap (MissedSmsController). */
export interface MissedSmsTable {
  id: string;
  tenant_id: string;
  /** the number it was for; not a foreign key: the record outlives the number */
  phone_id: string;
  from_number: string;
  to_number: string;
  body: string;
  created_at: number;
  updated_at: number;
}
