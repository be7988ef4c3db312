/** Kysely table types of device preview ingest domains and submissions (migration 0064). */
export interface DevicePreviewIngestDomainsTable {
  id: string;
  tenant_id: string;
  subdomain: string;
  created_at: number;
  updated_at: number;
}

export interface DevicePreviewSubmissionsTable {
  id: string;
  tenant_id: string;
  ingest_domain_id: string;
  profile_id: string | null;
  recipient_local_part: string;
  received_at: number;
  /** the rest of the PreviewSubmissionRecord (dates as ISO strings) */
  submission_json: string;
}
