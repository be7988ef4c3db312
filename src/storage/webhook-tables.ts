/** Kysely table types of the webhook tables (migration 0011); schema.ts lists them in Database. */
export interface WebhooksTable {
  id: string;
  tenant_id: string;
  inbox_id: string | null;
  phone_id: string | null;
  name: string | null;
  url: string;
  event_name: string;
  basic_auth_username: string | null;
  basic_auth_password: string | null;
  /** JSON array of {name, value} */
  headers_json: string;
  request_body_template: string | null;
  use_static_ip_range: number;
  ignore_insecure_ssl: number;
  /** JSON array of strings */
  tags_json: string;
  enabled: number;
  /** HEALTHY | UNHEALTHY: the outcome of the latest attempt */
  health_status: string;
  created_at: number;
  updated_at: number;
}

export interface WebhookDeliveriesTable {
  id: string;
  tenant_id: string;
  webhook_id: string;
  message_id: string;
  event_name: string;
  /** the exact JSON body of every attempt */
  payload: string;
  inbox_id: string | null;
  email_id: string | null;
  attachment_id: string | null;
  /** pending | inflight | delivered | dead */
  state: string;
  attempts: number;
  next_attempt_at: number;
  lease_token: string | null;
  lease_until: number | null;
  window_start: number;
  /** the result whose redrive queued this delivery again */
  redrive_of: string | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookResultsTable {
  id: string;
  tenant_id: string;
  webhook_id: string;
  delivery_id: string;
  message_id: string;
  redrive_id: string | null;
  webhook_url: string;
  http_method: string;
  event_name: string;
  response_status: number | null;
  response_time_ms: number;
  response_body_extract: string | null;
  error: string | null;
  /** SUCCESS | BAD_RESPONSE | EXCEPTION | EXHAUSTED */
  result_type: string;
  seen: number;
  inbox_id: string | null;
  email_id: string | null;
  attachment_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookSigningSecretsTable {
  tenant_id: string;
  secret: string;
  created_at: number;
}
