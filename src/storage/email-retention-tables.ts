/** Kysely table type of per-account email retention policies (migration 0047). */
export interface EmailRetentionPoliciesTable {
  tenant_id: string;
  /** null = the account sets no limit of this kind (the server's setting applies) */
  max_emails_per_inbox: number | null;
  max_emails_per_account: number | null;
  max_age_seconds: number | null;
  created_at: number;
  updated_at: number;
}

export interface EmailRetentionTables {
  email_retention_policies: EmailRetentionPoliciesTable;
}

declare module './schema.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends EmailRetentionTables {}
}
