/** Table types of inbox retention, spam-email records and export marks (migration 0042). */

export interface InboxRetentionPoliciesTable {
  id: string;
  tenant_id: string;
  /** 'ACCOUNT' or the inbox id it is for; unique per tenant */
  scope: string;
  inbox_id: string | null;
  retention_days: number;
  created_at: number;
  updated_at: number;
}

export interface InboxRetentionRunsTable {
  id: string;
  tenant_id: string;
  /** SUBMITTED | RUNNING | COMPLETED | FAILED */
  status: string;
  /** USER_API | SCHEDULE */
  source: string;
  matched_policies: number;
  applied_policies: number;
  deleted_inboxes: number;
  /** JSON array of ids */
  deleted_inbox_ids: string;
  error_message: string | null;
  started_at: number | null;
  completed_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface SpamEmailsTable {
  id: string;
  tenant_id: string;
  inbox_id: string;
  from_address: string | null;
  to_address: string;
  subject: string | null;
  created_at: number;
}

export interface ExportedEntitiesTable {
  tenant_id: string;
  export_type: string;
  entity_id: string;
  exported_at: number;
}
