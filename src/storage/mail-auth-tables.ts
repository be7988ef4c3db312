/** Kysely table types of inbound authentication results and Google Postmaster connections (migration 0045). */
export interface MailAuthResultsTable {
  email_id: string;
  tenant_id: string;
  inbox_id: string;
  /** RFC 8601 result of each method: pass, fail, softfail, neutral, none, temperror, permerror, ... */
  spf: string;
  /** [{ result, domain, selector, comment }] one per DKIM-Signature (empty: none) */
  dkim_json: string;
  dmarc: string;
  arc: string;
  /** the domain of the header From, lower-cased; null when the message has none */
  from_domain: string | null;
  /** SMTP client address and envelope sender the checks were made for */
  client_ip: string | null;
  mail_from: string | null;
  checked_at: number;
}

export interface PostmasterConnectionsTable {
  id: string;
  tenant_id: string;
  /** PENDING (authorization URL handed out), CONNECTED, ERROR, DISCONNECTED */
  status: string;
  /** the OAuth state of the authorization URL last handed out (bound to this tenant) */
  oauth_state: string | null;
  redirect_uri: string | null;
  connected_email: string | null;
  scope: string | null;
  access_token: string | null;
  refresh_token: string | null;
  token_expires_at: number | null;
  last_synced_at: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface PostmasterDomainsTable {
  tenant_id: string;
  domain: string;
  /** Google's resource name, domains/{domain} */
  name: string;
  permission: string | null;
  create_time: number | null;
  first_seen_at: number;
  last_synced_at: number;
}

export interface PostmasterTrafficStatsTable {
  tenant_id: string;
  domain: string;
  /** YYYY-MM-DD */
  report_date: string;
  name: string;
  /** Google's TrafficStats resource as fetched */
  payload_json: string;
  synced_at: number;
}
