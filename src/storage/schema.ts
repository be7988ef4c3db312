import type { ColumnType, Generated } from 'kysely';
import type { PhonePoolLeasesTable, PhonePoolMembersTable, PhonePoolsTable } from './phone-pool-tables.js';
import type { GuestPortalsTable, GuestPortalUsersTable, SenderSeatCapsTable, SenderSeatsTable, WarmupProgramsTable, WarmupSendsTable } from './portals-tables.js';
import type { SmsMediaTable } from './sms-sink-tables.js';
import type { MissedSmsTable } from './sms-pipeline-tables.js';
import type { DomainHealthEventsTable, DomainSetupColumns } from './domain-tables.js';
import type { ScimGroupMembersTable, ScimGroupsTable, ScimUsersTable } from './scim-tables.js';
import type { ExportedEntitiesTable, InboxRetentionPoliciesTable, InboxRetentionRunsTable, SpamEmailsTable } from './user-rest-tables.js';
import type { ApiKeyScopeColumns, AuditLogsTable } from './access-tables.js';
import type { ChaosGreylistTable, InboxChaosTable } from './chaos-tables.js';
import type { SpamScoresTable } from './spam-score-tables.js';
import type { MailAuthResultsTable, PostmasterConnectionsTable, PostmasterDomainsTable, PostmasterTrafficStatsTable } from './mail-auth-tables.js';
import type {} from './email-retention-tables.js';
import type { DomainMonitorAlertSinksTable, DomainMonitorRunsTable, DomainMonitorSamplesTable, DomainMonitorsTable } from './domain-monitor-tables.js';
import type { EmailAuditsTable } from './email-audit-tables.js';
import type { InboxPlacementTestsTable } from './inbox-placement-tables.js';
import type { DeviceRenderTestsTable } from './device-render-test-tables.js';
import type { CampaignProbeRunsTable, CampaignProbesTable } from './campaign-probe-tables.js';
import type { DevicePreviewIngestDomainsTable, DevicePreviewSubmissionsTable } from './device-preview-ingest-tables.js';
import type { DeliverabilitySimulationEventsTable, DeliverabilitySimulationJobsTable, DeliverabilityTestsTable } from './deliverability-tables.js';
import type { EmailValidationRequestsTable } from './email-validation-tables.js';
import type {
  DevicePreviewBlobsTable, DevicePreviewFeedbackTable, DevicePreviewProfilesTable, DevicePreviewRunsTable, DevicePreviewScreenshotsTable,
  DevicePreviewShareLinksTable, DevicePreviewTargetsTable,
} from './device-preview-tables.js';
/**
 * Kysely table types: the single source of truth for column names and types.
 * Portable choices, so one set of queries runs on SQLite and PostgreSQL:
 * - times are epoch milliseconds (bigint), which sort and compare the same everywhere;
 * - flags are 0/1 integers (SQLite has no boolean and better-sqlite3 cannot bind one);
 * - ids are UUID text. Every tenant-owned table carries tenant_id.
 */
export interface UsersTable {
  id: string;
  email: string;
  name: string | null;
  is_admin: number;
  created_at: number;
  /** the organisation the user belongs to (0038); null = none */
  organization_id: string | null;
  /** its role there: ADMIN or MEMBER; null outside an organisation */
  org_role: 'ADMIN' | 'MEMBER' | null;
  /** 0 = deactivated (SCIM active=false): its API keys are refused */
  active: Generated<number>;
}

export interface OrganizationsTable {
  id: string;
  /** unique; names the organisation in SCIM paths (/scim/v2/{slug}/...) */
  slug: string;
  name: string | null;
  created_at: number;
}

export interface ApiKeysTable extends ApiKeyScopeColumns {
  id: string;
  tenant_id: string;
  key_hash: string;
  /** first characters of the key, so a user can tell keys apart without seeing them */
  key_prefix: string;
  created_at: number;
  revoked_at: number | null;
}

export interface InboxesTable {
  id: string;
  tenant_id: string;
  email_address: string;
  local_part: string;
  domain: string;
  domain_id: string | null;
  name: string | null;
  description: string | null;
  favourite: number;
  inbox_type: 'HTTP' | 'SMTP';
  virtual_inbox: number;
  expires_at: number | null;
  created_at: number;
  /** set by the expiry job with the expired-inbox record: the expiry that took effect */
  expired_at: number | null;
  /** UID the next email of this inbox gets over IMAP (0012_imap) */
  imap_uid_next: Generated<number>;
}

export interface InboxTagsTable {
  inbox_id: string;
  tenant_id: string;
  tag: string;
}

/** One row per inbox ever created: the quota counts these, so deleting an inbox gives nothing back. */
export interface InboxCreationsTable {
  id: string;
  tenant_id: string;
  created_at: number;
}

export interface DomainsTable {
  id: string;
  tenant_id: string;
  domain: string;
  verified: number;
  inbox_type: 'HTTP' | 'SMTP';
  created_at: number;
}

export interface BlobsTable {
  sha256: string;
  size: number;
  /** 'identity' today; room for compression without a migration */
  encoding: string;
  content: Buffer;
  created_at: number;
}

export interface EmailsTable {
  id: string;
  tenant_id: string;
  inbox_id: string;
  message_id: string | null;
  in_reply_to: string | null;
  subject: string | null;
  from_address: string | null;
  /** JSON: {rawValue, emailAddress, name} of From */
  sender_json: string | null;
  /** JSON: {to, cc, bcc} lists of {rawValue, emailAddress, name} */
  recipients_json: string;
  reply_to: string | null;
  /** JSON: [[name, decoded value], ...] in message order */
  headers_json: string;
  text_body: string | null;
  html_body: string | null;
  charset: string | null;
  body_md5: string;
  /** JSON: content types of every MIME part */
  body_part_content_types: string;
  size_bytes: number;
  raw_sha256: string;
  attachment_count: number;
  read: number;
  favourite: number;
  created_at: number;
  updated_at: number;
  /** email_threads.id, set when stored (0009_threads) */
  thread_id: string | null;
  /** IMAP UID within its inbox, assigned when stored (0012_imap) */
  imap_uid: Generated<number | null>;
  /** IMAP \\Answered and \\Deleted flags (0012_imap) */
  imap_answered: Generated<number>;
  imap_deleted: Generated<number>;
  /** the plus address (plus_addresses.id) the mail came to, set when stored (0027) */
  plus_address_id: Generated<string | null>;
  /** PostgreSQL only (0049): the full-text search vector, written on insert (email-search-index.ts) */
  search_tsv?: ColumnType<never, unknown, never>;
}

export interface AttachmentsTable {
  id: string;
  tenant_id: string;
  /** null for uploads not yet sent */
  email_id: string | null;
  position: number;
  name: string;
  content_type: string;
  size: number;
  content_id: string | null;
  blob_sha256: string;
  created_at: number;
}

export interface SentEmailsTable {
  id: string;
  tenant_id: string;
  inbox_id: string;
  message_id: string;
  /** email_threads.id, set when stored (0009_threads) */
  thread_id: string | null;
  in_reply_to: string | null;
  subject: string | null;
  from_address: string;
  sender_json: string;
  recipients_json: string;
  reply_to: string | null;
  headers_json: string;
  body_md5: string;
  is_html: number;
  charset: string | null;
  virtual_send: number;
  size_bytes: number;
  raw_sha256: string;
  created_at: number;
  /** JSON list of the attachment ids sent (0010) */
  attachment_ids_json: string;
  /** the template the body was rendered from (0020); no foreign key: the receipt outlives the template */
  template_id: string | null;
}

export interface DeliveryStatusesTable {
  id: string;
  tenant_id: string;
  sent_id: string;
  inbox_id: string;
  recipient: string;
  /** DELIVERED (to an inbox here), RELAYED, CAPTURED (no relay configured), VIRTUAL, FAILED */
  outcome: string;
  smtp_status_code: number | null;
  smtp_response: string | null;
  reporting_mta: string | null;
  processing_ms: number;
  created_at: number;
}

export interface MailCredentialsTable {
  id: string;
  tenant_id: string;
  inbox_id: string | null;
  /** the inbox id, or 'tenant' for the tenant-wide login */
  scope: string;
  protocol: 'smtp' | 'imap';
  username: string;
  password: string;
  created_at: number;
  updated_at: number;
}

/** One per inbox that expired; kept after the inbox itself is removed. */
export interface ExpiredInboxesTable {
  id: string;
  tenant_id: string;
  inbox_id: string;
  email_address: string;
  /** the inbox's expiry time */
  created_at: number;
}

/** Mail a tenant at its email cap did not get: one row per inbox, raw kept for restoring. */
export interface MissedEmailsTable {
  id: string;
  tenant_id: string;
  inbox_id: string;
  from_address: string | null;
  subject: string | null;
  body_excerpt: string | null;
  /** JSON: {to, cc, bcc} lists of addresses */
  recipients_json: string;
  attachment_count: number;
  size_bytes: number;
  raw: Buffer;
  created_at: number;
  updated_at: number;
}

/** One per send that some recipients refused; kept when the sent-email receipt is deleted. */
export interface BouncedEmailsTable {
  id: string;
  tenant_id: string;
  sent_id: string | null;
  notification_type: string;
  sender: string;
  subject: string | null;
  /** JSON array: every recipient of the send */
  sent_to_json: string;
  /** JSON array: the recipients that bounced */
  bounce_recipients_json: string;
  bounce_mta: string | null;
  bounce_type: string | null;
  bounce_sub_type: string | null;
  created_at: number;
}

/** One per ARF feedback report (RFC 5965) about a sent email (0056). */
export interface ComplaintsTable {
  id: string;
  tenant_id: string;
  sent_id: string | null;
  inbox_id: string | null;
  /** Feedback-Type: abuse, fraud, virus, other, not-spam */
  feedback_type: string;
  mail_source: string | null;
  mail_message_id: string | null;
  /** lower-case address */
  complaint_recipient: string;
  user_agent: string | null;
  /** the report's envelope sender or From */
  reporter: string | null;
  created_at: number;
  updated_at: number;
}

/** One per address that unsubscribed from a tenant's mail with a one-click POST (RFC 8058; 0056). */
export interface ListUnsubscribesTable {
  id: string;
  tenant_id: string;
  /** lower-case address */
  email_address: string;
  inbox_id: string | null;
  domain_id: string | null;
  created_at: number;
}

/** One per address that bounced, with the refusing server's diagnostic. */
export interface BouncedRecipientsTable {
  id: string;
  tenant_id: string;
  bounced_email_id: string;
  sent_id: string | null;
  /** lower-case address */
  recipient: string;
  action: string;
  status: string | null;
  diagnostic_code: string | null;
  bounce_type: string | null;
  created_at: number;
}

/** A conversation; its subject, senders and counts are read from its messages. */
export interface EmailThreadsTable {
  id: string;
  tenant_id: string;
  /** arrival of the first message; never moves */
  created_at: number;
}

// Webhooks, their delivery jobs (the outbox), results and signing secrets (migration 0011).
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
  /** NEW_SMS: the phone number and the SMS (migration 0036) */
  phone_id: string | null;
  sms_id: string | null;
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
  /** NEW_SMS: the phone number and the SMS (migration 0036) */
  phone_id: string | null;
  sms_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookSigningSecretsTable {
  tenant_id: string;
  secret: string;
  created_at: number;
}

/** The server's own signing keys by name (migration 0017). */
export interface ServerSecretsTable {
  name: string;
  secret: string;
  created_at: number;
}

/** Tracking pixels (migration 0013). */
export interface TrackingPixelsTable {
  id: string;
  tenant_id: string;
  name: string | null;
  recipient: string | null;
  /** no foreign keys: a pixel in a delivered email outlives its inbox and its sent receipt */
  inbox_id: string | null;
  sent_email_id: string | null;
  /** 0/1 */
  seen: number;
  /** epoch ms of the first load, null until then */
  seen_at: number | null;
  created_at: number;
}

/** The send queue (migration 0014). */
export interface SendQueueTable {
  id: string;
  tenant_id: string;
  inbox_id: string;
  subject: string | null;
  /** SendEmailOptions JSON, as enqueued */
  options_json: string;
  /** pending | inflight | sent | failed */
  state: string;
  attempts: number;
  next_attempt_at: number;
  lease_token: string | null;
  lease_until: number | null;
  sent_email_id: string | null;
  error_name: string | null;
  error_message: string | null;
  created_at: number;
  updated_at: number;
}

/** Domain events (migration 0016): what changed, written with each change, for the dispatchers. */
export interface DomainEventsTable {
  id: string;
  tenant_id: string;
  /** DomainEventName */
  name: string;
  inbox_id: string | null;
  entity_id: string;
  occurred_at: number;
  /** when a dispatcher may take it: its writing, then the end of the lease of the one that holds it */
  available_at: number;
  /** the holding dispatcher's claim; null until claimed */
  lease_token: string | null;
}

/** Email templates (migration 0020). */
export interface TemplatesTable {
  id: string;
  tenant_id: string;
  name: string;
  content: string;
  /** JSON list of the variable names the content reads */
  variables_json: string;
  created_at: number;
  updated_at: number;
}

/** Virtual TOTP devices (migration 0030). */
export interface TotpDevicesTable {
  id: string;
  tenant_id: string;
  name: string | null;
  username: string | null;
  issuer: string | null;
  /** the shared secret, base32 */
  secret_base32: string;
  digits: number;
  period: number;
  /** SHA1 | SHA256 | SHA512 */
  algorithm: string;
  clock_offset_seconds: number;
  created_at: number;
  updated_at: number;
}

/** Phone numbers of the simulated carrier (migration 0028); phone_number is unique service-wide. */
export interface PhoneNumbersTable {
  id: string;
  tenant_id: string;
  /** E.164 */
  phone_number: string;
  phone_country: string;
  name: string | null;
  description: string | null;
  /** JSON list of tags */
  tags_json: string;
  favourite: number;
  created_at: number;
  updated_at: number;
}

/** SMS received by a phone number (migration 0029). */
export interface SmsMessagesTable {
  id: string;
  tenant_id: string;
  phone_id: string;
  from_number: string;
  to_number: string;
  body: string;
  read: number;
  favourite: number;
  created_at: number;
  updated_at: number;
}

/** SMS sent from a phone number (migration 0031). */
export interface SentSmsTable {
  id: string;
  tenant_id: string;
  /** null: a sink message from a sender id that is no number of the account (migration 0034) */
  phone_id: string | null;
  from_number: string;
  to_number: string;
  body: string;
  reply_to_id: string | null;
  delivered_sms_id: string | null;
  created_at: number;
  updated_at: number;
  /** sink messages (migration 0034): the account SID, delivery status and error code; null for API sends */
  account_sid: string | null;
  status: string | null;
  error_code: number | null;
  /** forwarding to a real provider (migration 0037): null when the SMS was not forwarded */
  relay_status: string | null;
  relay_sid: string | null;
  relay_error_code: number | null;
  relay_error: string | null;
  relay_updated_at: number | null;
}

export type { PhonePoolLeasesTable, PhonePoolMembersTable, PhonePoolsTable } from './phone-pool-tables.js';

/** Contacts (migration 0021). Lists are JSON text: they are only ever read whole. */
export interface ContactsTable {
  id: string;
  tenant_id: string;
  group_id: string | null;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  /** JSON array of addresses, the primary first */
  email_addresses: string;
  /** the first address, lower-cased, for search */
  primary_email: string | null;
  /** JSON array */
  tags: string;
  /** JSON object or null */
  meta_data: string | null;
  /** 0/1 */
  opt_out: number;
  created_at: number;
}

/** Contact groups (migration 0021). */
export interface ContactGroupsTable {
  id: string;
  tenant_id: string;
  name: string;
  description: string | null;
  created_at: number;
}

/** Which contact is in which group (migration 0021): a contact may be in several. */
export interface ContactGroupMembersTable {
  group_id: string;
  contact_id: string;
  tenant_id: string;
  added_at: number;
}

/** Rulesets (migration 0023). */
export interface RulesetsTable {
  id: string;
  tenant_id: string;
  /** null = every inbox of the account */
  inbox_id: string | null;
  /** the phone number of an SMS ruleset (migration 0036); null with a null inbox_id = the account */
  phone_id: string | null;
  scope: string;
  action: string;
  /** lower-case address or `*` pattern */
  target: string;
  /** 0/1 */
  active: number;
  created_at: number;
}

export interface EmailsFtsTable {
  rowid: number;
  tenant: string;
  subject: string;
  sender: string;
  recipients: string;
  body: string;
}

export interface Database {
  users: UsersTable;
  organizations: OrganizationsTable;
  api_keys: ApiKeysTable;
  audit_logs: AuditLogsTable;
  inboxes: InboxesTable;
  inbox_tags: InboxTagsTable;
  inbox_creations: InboxCreationsTable;
  /** with the columns of custom domains (domain-tables.ts, migration 0041) */
  domains: DomainsTable & DomainSetupColumns;
  domain_health_events: DomainHealthEventsTable;
  blobs: BlobsTable;
  emails: EmailsTable;
  /** SQLite only: the FTS5 index of received mail (migration 0049), keyed by the email row's rowid */
  emails_fts: EmailsFtsTable;
  attachments: AttachmentsTable;
  sent_emails: SentEmailsTable;
  delivery_statuses: DeliveryStatusesTable;
  mail_credentials: MailCredentialsTable;
  expired_inboxes: ExpiredInboxesTable;
  missed_emails: MissedEmailsTable;
  bounced_emails: BouncedEmailsTable;
  bounced_recipients: BouncedRecipientsTable;
  complaints: ComplaintsTable;
  list_unsubscribes: ListUnsubscribesTable;
  email_threads: EmailThreadsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_results: WebhookResultsTable;
  webhook_signing_secrets: WebhookSigningSecretsTable;
  tracking_pixels: TrackingPixelsTable;
  send_queue: SendQueueTable;
  domain_events: DomainEventsTable;
  server_secrets: ServerSecretsTable;
  templates: TemplatesTable;
  totp_devices: TotpDevicesTable;
  phone_numbers: PhoneNumbersTable;
  sms_messages: SmsMessagesTable;
  sent_sms: SentSmsTable;
  phone_pools: PhonePoolsTable;
  guest_portals: GuestPortalsTable;
  guest_portal_users: GuestPortalUsersTable;
  warmup_programs: WarmupProgramsTable;
  warmup_sends: WarmupSendsTable;
  sender_seat_caps: SenderSeatCapsTable;
  sender_seats: SenderSeatsTable;
  phone_pool_members: PhonePoolMembersTable;
  phone_pool_leases: PhonePoolLeasesTable;
  sms_media: SmsMediaTable;
  missed_sms: MissedSmsTable;
  scim_users: ScimUsersTable;
  scim_groups: ScimGroupsTable;
  scim_group_members: ScimGroupMembersTable;
  mail_auth_results: MailAuthResultsTable;
  postmaster_connections: PostmasterConnectionsTable;
  postmaster_domains: PostmasterDomainsTable;
  postmaster_traffic_stats: PostmasterTrafficStatsTable;
  contacts: ContactsTable;
  contact_groups: ContactGroupsTable;
  contact_group_members: ContactGroupMembersTable;
  automation_jobs: AutomationJobsTable;
  aliases: AliasesTable;
  alias_threads: AliasThreadsTable;
  rulesets: RulesetsTable;
  inbox_forwarders: InboxForwardersTable;
  inbox_forwarder_events: InboxForwarderEventsTable;
  inbox_repliers: InboxRepliersTable;
  inbox_replier_events: InboxReplierEventsTable;
  inbox_replier_replies: InboxReplierRepliesTable;
  opt_in_identities: OptInIdentitiesTable;
  plus_addresses: PlusAddressesTable;
  inbox_retention_policies: InboxRetentionPoliciesTable;
  inbox_retention_runs: InboxRetentionRunsTable;
  spam_emails: SpamEmailsTable;
  spam_scores: SpamScoresTable;
  exported_entities: ExportedEntitiesTable;
  domain_monitors: DomainMonitorsTable;
  domain_monitor_runs: DomainMonitorRunsTable;
  domain_monitor_alert_sinks: DomainMonitorAlertSinksTable;
  domain_monitor_samples: DomainMonitorSamplesTable;
  email_audits: EmailAuditsTable;
  inbox_placement_tests: InboxPlacementTestsTable;
  device_render_tests: DeviceRenderTestsTable;
  campaign_probes: CampaignProbesTable;
  campaign_probe_runs: CampaignProbeRunsTable;
  deliverability_tests: DeliverabilityTestsTable;
  device_preview_ingest_domains: DevicePreviewIngestDomainsTable;
  device_preview_submissions: DevicePreviewSubmissionsTable;
  deliverability_simulation_jobs: DeliverabilitySimulationJobsTable;
  deliverability_simulation_events: DeliverabilitySimulationEventsTable;
  email_validation_requests: EmailValidationRequestsTable;
  device_preview_profiles: DevicePreviewProfilesTable;
  device_preview_blobs: DevicePreviewBlobsTable;
  device_preview_runs: DevicePreviewRunsTable;
  device_preview_targets: DevicePreviewTargetsTable;
  device_preview_screenshots: DevicePreviewScreenshotsTable;
  device_preview_share_links: DevicePreviewShareLinksTable;
  device_preview_feedback: DevicePreviewFeedbackTable;
  inbox_chaos: InboxChaosTable;
  chaos_greylist: ChaosGreylistTable;
}

/** Durable follow-up jobs of the automations (migration 0022; storage/ports/automation-jobs.ts). */
export interface AutomationJobsTable {
  id: string;
  tenant_id: string;
  kind: string;
  subject_id: string | null;
  inbox_id: string | null;
  email_id: string | null;
  payload_json: string | null;
  /** pending | inflight | done | failed | cancelled */
  state: string;
  attempts: number;
  next_attempt_at: number;
  lease_token: string | null;
  lease_until: number | null;
  result_json: string | null;
  error_message: string | null;
  created_at: number;
  updated_at: number;
}

/** Email aliases (migration 0025; storage/ports/aliases.ts). */
export interface AliasesTable {
  id: string;
  tenant_id: string;
  inbox_id: string;
  /** the address mail to the alias is sent to (its inbox's) */
  alias_address: string;
  /** the masked address mail is proxied to */
  hidden_address: string;
  name: string | null;
  /** 0/1 */
  use_threads: number;
  /** 0/1 */
  verified: number;
  domain_id: string | null;
  /** 0/1: createAlias made the inbox */
  owns_inbox: number;
  /** sha256 hex of the verification link's token; null once verified */
  verify_token_sha256: string | null;
  created_at: number;
  updated_at: number;
}

/** Reply threads of aliases (migration 0025). Lists are JSON text, read whole. */
export interface AliasThreadsTable {
  id: string;
  tenant_id: string;
  alias_id: string;
  /** the thread's own inbox: its address is the reply address */
  inbox_id: string;
  /** the original sender's address, lower-cased: one thread per (alias, sender) */
  sender: string;
  name: string | null;
  subject: string | null;
  /** Message-ID of the first proxied email, for In-Reply-To of replies */
  message_id: string | null;
  to_json: string;
  cc_json: string;
  bcc_json: string;
  created_at: number;
  updated_at: number;
}

/** Inbox forwarders (migration 0024). */
export interface InboxForwardersTable {
  id: string;
  tenant_id: string;
  inbox_id: string;
  name: string | null;
  field: string;
  should: string;
  match: string | null;
  /** JSON InboxAutomationMatchOptions or null */
  match_options_json: string | null;
  /** JSON array of addresses */
  forward_to_json: string;
  attachment_text_method: string | null;
  created_at: number;
}

/** What a forwarder did with a received email (migration 0024). */
export interface InboxForwarderEventsTable {
  id: string;
  tenant_id: string;
  forwarder_id: string;
  inbox_id: string;
  email_id: string | null;
  sent_id: string | null;
  status: string;
  message: string | null;
  created_at: number;
}

/** Inbox repliers (migration 0024). */
export interface InboxRepliersTable {
  id: string;
  tenant_id: string;
  inbox_id: string;
  name: string | null;
  field: string;
  should: string;
  match: string | null;
  match_options_json: string | null;
  reply_to: string | null;
  subject: string | null;
  from_value: string | null;
  charset: string | null;
  is_html: number;
  body: string | null;
  template_id: string | null;
  /** JSON object or null */
  template_variables_json: string | null;
  ignore_reply_to: number;
  active: number;
  created_at: number;
  updated_at: number;
}

/** What a replier did with a received email (migration 0024). */
export interface InboxReplierEventsTable {
  id: string;
  tenant_id: string;
  replier_id: string;
  inbox_id: string;
  email_id: string | null;
  sent_id: string | null;
  status: string;
  message: string | null;
  /** JSON array */
  recipients_json: string;
  created_at: number;
}

/** The last reply of a replier to a sender (migration 0024): the once-per-window rule claims it atomically. */
export interface InboxReplierRepliesTable {
  replier_id: string;
  sender: string;
  replied_at: number;
}

/** Consent (double opt-in) records, one per tenant and address (migration 0026). */
export interface OptInIdentitiesTable {
  id: string;
  tenant_id: string;
  /** lower-cased */
  email_address: string;
  state: 'pending' | 'verified' | 'revoked';
  /** sha256 hex of the open confirmation link's token */
  token_hash: string | null;
  requested_at: number | null;
  verified_at: number | null;
  created_at: number;
  updated_at: number;
}

/** Plus addresses of inboxes (migration 0027). */
export interface PlusAddressesTable {
  id: string;
  tenant_id: string;
  inbox_id: string;
  plus_tag: string;
  /** lower-cased */
  full_address: string;
  created_at: number;
  updated_at: number;
}
