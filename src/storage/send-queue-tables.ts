/** Kysely table type of the send queue (migration 0014); schema.ts lists it in Database. */
export interface SendQueueTable {
  id: string;
  tenant_id: string;
  inbox_id: string;
  subject: string | null;
  /** SendEmailOptions JSON, as enqueued */
  options_json: string;
  /** pending | inflight | sent | failed */
  state: string;
  attempts: number;
  next_attempt_at: number;
  lease_token: string | null;
  lease_until: number | null;
  sent_email_id: string | null;
  error_name: string | null;
  error_message: string | null;
  created_at: number;
  updated_at: number;
}
