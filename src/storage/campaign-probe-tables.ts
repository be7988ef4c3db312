/** Kysely table types of campaign probes (migration 0062). */
export interface CampaignProbesTable {
  id: string;
  tenant_id: string;
  name: string | null;
  inbox_id: string;
  email_address: string;
  enabled: number;
  interval_seconds: number | null;
  scheduling_enabled: number;
  next_run_at: number | null;
  last_run_status: string | null;
  last_health_score: number | null;
  inbound_since: number;
  created_at: number;
  updated_at: number;
}

export interface CampaignProbeRunsTable {
  id: string;
  tenant_id: string;
  probe_id: string;
  status: string;
  source: string;
  health_score: number;
  inbound_email_id: string | null;
  result_json: string;
  created_at: number;
}
