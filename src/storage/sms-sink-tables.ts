/** Kysely table types of the SMS sink's media (migration 0035). */
export interface SmsMediaTable {
  id: string;
  tenant_id: string;
  sms_id: string;
  phone_id: string;
  /** order of the MediaUrl parameters */
  position: number;
  url: string;
  content_type: string | null;
  size: number;
  content: Buffer;
  created_at: number;
}
