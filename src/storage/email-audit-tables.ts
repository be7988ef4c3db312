/** Kysely table types of stored email audits (migration 0054). */
export interface EmailAuditsTable {
  id: string;
  tenant_id: string;
  /** the audited email, when the audit was of a stored one; kept after the email is deleted (the audit is history) */
  email_id: string | null;
  from_address: string | null;
  recipient: string | null;
  subject: string | null;
  /** the EmailAuditAnalysisResult as JSON (modules/email-audit) */
  analysis_json: string;
  created_at: number;
  updated_at: number;
}
