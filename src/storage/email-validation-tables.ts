/** The table of email validation results (migration 0052). */

export interface EmailValidationRequestsTable {
  id: string;
  tenant_id: string;
  batch_id: string;
  /** as given, trimmed; matched case-insensitively through email_address_lower */
  email_address: string;
  email_address_lower: string;
  /** 1 = valid */
  is_valid: number;
  checked_by: string;
  verdict: string;
  reason: string | null;
  mail_host: string | null;
  rcpt_code: number | null;
  created_at: number;
  updated_at: number;
}
