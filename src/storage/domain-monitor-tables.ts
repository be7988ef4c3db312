/** Tables of domain monitors, their runs, alert sinks and observed auth samples (migration 0044). */

export interface DomainMonitorsTable {
  id: string;
  tenant_id: string;
  /** lower case, no trailing dot */
  domain: string;
  name: string | null;
  interval_seconds: number;
  /** 1 = scheduled runs on */
  scheduling_enabled: number;
  /** JSON array of the DKIM selectors each run looks up */
  dkim_selectors: string;
  last_status: string | null;
  health_score: number | null;
  last_run_at: number | null;
  /** null while scheduling is off */
  next_run_at: number | null;
  verification_inbox_id: string | null;
  verification_address: string | null;
  verification_created_at: number | null;
  verification_updated_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface DomainMonitorRunsTable {
  id: string;
  tenant_id: string;
  monitor_id: string;
  domain: string;
  /** HEALTHY | DEGRADED | CRITICAL | FAILED */
  status: string;
  trigger_source: string;
  health_score: number;
  total_checks: number;
  passing_checks: number;
  failing_checks: number;
  /** JSON: the auth stack found and the per-check results (opaque to storage) */
  result_json: string;
  error_message: string | null;
  created_at: number;
}

export interface DomainMonitorAlertSinksTable {
  id: string;
  tenant_id: string;
  monitor_id: string;
  /** EMAIL | WEBHOOK | SLACK | TEAMS */
  type: string;
  target: string;
  severity_threshold: string;
  enabled: number;
  /** EMAIL sinks: the inbox alerts are sent from */
  sender_inbox_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface DomainMonitorSamplesTable {
  id: string;
  tenant_id: string;
  monitor_id: string;
  recipient_address: string;
  email_id: string | null;
  /** JSON: the parsed verdicts (opaque to storage) */
  sample_json: string;
  received_at: number;
  created_at: number;
}
