/** Tables of device previews (migration 0057). Times are epoch milliseconds. */

export interface DevicePreviewProfilesTable {
  id: string;
  tenant_id: string;
  local_part: string;
  display_name: string | null;
  /** JSON array of target keys; null = the default targets */
  targets: string | null;
  enabled: number;
  created_at: number;
  updated_at: number;
}

/** PNG screenshots and run sources, once per sha256 of their bytes. */
export interface DevicePreviewBlobsTable {
  sha256: string;
  size: number;
  content: Buffer;
  created_at: number;
}

export interface DevicePreviewRunsTable {
  id: string;
  tenant_id: string;
  email_id: string | null;
  /** STORED_EMAIL | RAW_UPLOAD | DEVICE_PREVIEW_INGEST */
  source_type: string;
  /** mime | html: what the source blob holds */
  source_format: string;
  source_sha256: string;
  /** JSON: the source's descriptive fields (subject, from, alias, ...), opaque to storage */
  source_json: string;
  /** JSON array of the target keys asked for */
  requested_targets: string;
  status: string;
  /** JSON array of strings */
  warnings: string;
  latest_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface DevicePreviewTargetsTable {
  id: string;
  tenant_id: string;
  run_id: string;
  target_key: string;
  display_order: number;
  status: string;
  failure_code: string | null;
  failure_message: string | null;
  created_at: number;
  updated_at: number;
}

export interface DevicePreviewScreenshotsTable {
  id: string;
  tenant_id: string;
  run_id: string;
  target_id: string;
  blob_sha256: string;
  width: number;
  height: number;
  display_order: number;
  created_at: number;
}

export interface DevicePreviewShareLinksTable {
  id: string;
  tenant_id: string;
  run_id: string;
  /** sha256 hex of the token: the token itself is shown once and never stored */
  token_hash: string;
  token_prefix: string;
  label: string | null;
  expires_at: number | null;
  revoked_at: number | null;
  last_accessed_at: number | null;
  access_count: number;
  created_at: number;
  updated_at: number;
}

export interface DevicePreviewFeedbackTable {
  id: string;
  tenant_id: string;
  source: string;
  category: string;
  status: string;
  rating: number | null;
  run_id: string | null;
  target_id: string | null;
  screenshot_id: string | null;
  provider: string | null;
  title: string | null;
  comment: string | null;
  internal_note: string | null;
  session_id: string | null;
  live_view_url: string | null;
  /** JSON object of string values */
  metadata: string | null;
  created_at: number;
  updated_at: number;
}
