/** Table types of custom domains (migration 0041): the columns it adds to `domains`, and health events. */

/** Columns 0041 adds to `domains` (null on domains stored before it). */
export interface DomainSetupColumns {
  verification_token: string | null;
  dkim_selector: string | null;
  dkim_private_key: string | null;
  /** base64 DER (SubjectPublicKeyInfo): the p= of the DKIM record */
  dkim_public_key: string | null;
  description: string | null;
  catch_all_inbox_id: string | null;
  updated_at: number | null;
  checked_at: number | null;
  /** JSON: record label → what the last check found */
  record_states: string | null;
  missing_message: string | null;
  duplicate_message: string | null;
}

export interface DomainHealthEventsTable {
  id: string;
  tenant_id: string;
  domain_id: string;
  domain_name: string;
  event_type: string;
  status: string;
  severity: string;
  title: string;
  message: string;
  recommendation: string | null;
  event_time: number;
  created_at: number;
}
