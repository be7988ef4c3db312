/** Kysely table type of tracking pixels (migration 0013); merged into Database in schema.ts. */
export interface TrackingPixelsTable {
  id: string;
  tenant_id: string;
  name: string | null;
  recipient: string | null;
  /** no foreign keys: a pixel in a delivered email outlives its inbox and its sent receipt */
  inbox_id: string | null;
  sent_email_id: string | null;
  /** 0/1 */
  seen: number;
  /** epoch ms of the first load, null until then */
  seen_at: number | null;
  created_at: number;
}
