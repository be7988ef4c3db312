/**
 * What services may ask of storage. Services import only this file; the Kysely
 * implementations live in storage/kysely and are wired together in main.ts.
 * Every tenant-owned read and write takes the tenant id: there is no way to ask
 * for another tenant's rows by accident.
 *
 * Each entity's records, filters and repository interface live in ports/<entity>.ts;
 * this file re-exports them all and assembles Repositories and Store.
 */
export type * from './ports/common.js';
export type * from './ports/server-gauges.js';
export type * from './ports/users.js';
export type * from './ports/api-keys.js';
export type * from './ports/inboxes.js';
export type * from './ports/domains.js';
export type * from './ports/emails.js';
export type * from './ports/email-search.js';
export type * from './ports/chaos.js';
export type * from './ports/mail-auth.js';
export type * from './ports/postmaster.js';
export type * from './ports/attachments.js';
export type * from './ports/sent-emails.js';
export type * from './ports/mail-credentials.js';
export type * from './ports/expired-inboxes.js';
export type * from './ports/missed-emails.js';
export type * from './ports/bounces.js';
export type * from './ports/reputation.js';
export type * from './ports/threads.js';
export type * from './ports/scheduler-locks.js';
export type * from './ports/webhooks.js';
export type * from './ports/imap-mailboxes.js';
export type * from './ports/send-queue.js';
export type * from './ports/automation-jobs.js';
export type * from './ports/tracking-pixels.js';
export type * from './ports/domain-events.js';
export type * from './ports/server-secrets.js';
export type * from './ports/templates.js';
export type * from './ports/portals.js';
export type * from './ports/totp-devices.js';
export type * from './ports/phone-numbers.js';
export type * from './ports/sms.js';
export type * from './ports/sent-sms.js';
export type * from './ports/phone-inventory.js';
export type * from './ports/phone-pools.js';
export type * from './ports/phone-threads.js';
export type * from './ports/sms-media.js';
export type * from './ports/missed-sms.js';
export type * from './ports/aliases.js';
export type * from './ports/contacts.js';
export type * from './ports/rulesets.js';
export type * from './ports/forwarders.js';
export type * from './ports/repliers.js';
export type * from './ports/opt-in-identities.js';
export type * from './ports/plus-addresses.js';
export type * from './ports/organizations.js';
export type * from './ports/team-access.js';
export type * from './ports/custom-domains.js';
export type * from './ports/scim.js';
export type * from './ports/inbox-retention.js';
export type * from './ports/email-retention.js';
export type * from './ports/spam-emails.js';
export type * from './ports/spam-scores.js';
export type * from './ports/user-entities.js';
export type * from './ports/exports.js';
export type * from './ports/audit-logs.js';
export type * from './ports/domain-monitors.js';
export type * from './ports/email-audits.js';
export type * from './ports/inbox-placement.js';
export type * from './ports/device-render-tests.js';
export type * from './ports/campaign-probes.js';
export type * from './ports/deliverability-tests.js';
export type * from './ports/device-preview-ingest.js';
export type * from './ports/email-validations.js';
export type * from './ports/device-previews.js';

import type { UserRepository } from './ports/users.js';
import type { ApiKeyRepository } from './ports/api-keys.js';
import type { InboxRepository } from './ports/inboxes.js';
import type { DomainRepository } from './ports/domains.js';
import type { EmailRepository } from './ports/emails.js';
import type { AttachmentRepository } from './ports/attachments.js';
import type { SentEmailRepository } from './ports/sent-emails.js';
import type { MailCredentialRepository } from './ports/mail-credentials.js';
import type { ExpiredInboxRepository } from './ports/expired-inboxes.js';
import type { MissedEmailRepository } from './ports/missed-emails.js';
import type { BounceRepository } from './ports/bounces.js';
import type { ReputationRepository } from './ports/reputation.js';
import type { ThreadRepository } from './ports/threads.js';
import type { SchedulerLocks } from './ports/scheduler-locks.js';
import type { WebhookRepository } from './ports/webhooks.js';
import type { ImapMailboxRepository } from './ports/imap-mailboxes.js';
import type { SendQueueRepository } from './ports/send-queue.js';
import type { AutomationJobRepository } from './ports/automation-jobs.js';
import type { TrackingPixelRepository } from './ports/tracking-pixels.js';
import type { DomainEventRepository } from './ports/domain-events.js';
import type { ServerSecretRepository } from './ports/server-secrets.js';
import type { TemplateRepository } from './ports/templates.js';
import type { TotpDeviceRepository } from './ports/totp-devices.js';
import type { PhoneNumberRepository } from './ports/phone-numbers.js';
import type { SmsRepository } from './ports/sms.js';
import type { SentSmsRepository } from './ports/sent-sms.js';
import type { PhoneAccountRepository, PhoneInventoryRepository, PhoneNumberReleaseRepository, ProvisioningJobRepository } from './ports/phone-inventory.js';
import type { PhonePoolRepository } from './ports/phone-pools.js';
import type { PhoneThreadRepository } from './ports/phone-threads.js';
import type { SmsMediaRepository } from './ports/sms-media.js';
import type { MissedSmsRepository } from './ports/missed-sms.js';
import type { ContactRepository } from './ports/contacts.js';
import type { AliasRepository } from './ports/aliases.js';
import type { RulesetRepository } from './ports/rulesets.js';
import type { ForwarderRepository } from './ports/forwarders.js';
import type { ReplierRepository } from './ports/repliers.js';
import type { OptInIdentityRepository } from './ports/opt-in-identities.js';
import type { PlusAddressRepository } from './ports/plus-addresses.js';
import type { OrganizationRepository } from './ports/organizations.js';
import type { TeamAccessRepository } from './ports/team-access.js';
import type { CustomDomainRepository } from './ports/custom-domains.js';
import type { ScimRepository } from './ports/scim.js';
import type { GuestPortalRepository, SenderSeatRepository, WarmupRepository } from './ports/portals.js';
import type { InboxRetentionRepository } from './ports/inbox-retention.js';
import type { EmailRetentionRepository } from './ports/email-retention.js';
import type { SpamEmailRepository } from './ports/spam-emails.js';
import type { SpamScoreRepository } from './ports/spam-scores.js';
import type { UserEntityRepository } from './ports/user-entities.js';
import type { ExportRepository } from './ports/exports.js';
import type { AuditLogRepository } from './ports/audit-logs.js';
import type { MailAuthResultRepository } from './ports/mail-auth.js';
import type { PostmasterRepository } from './ports/postmaster.js';
import type { DomainMonitorRepository } from './ports/domain-monitors.js';
import type { EmailAuditRepository } from './ports/email-audits.js';
import type { InboxPlacementRepository } from './ports/inbox-placement.js';
import type { DeviceRenderTestRepository } from './ports/device-render-tests.js';
import type { CampaignProbeRepository } from './ports/campaign-probes.js';
import type { DeliverabilityTestRepository } from './ports/deliverability-tests.js';
import type { DevicePreviewIngestRepository } from './ports/device-preview-ingest.js';
import type { EmailValidationRepository } from './ports/email-validations.js';
import type { DevicePreviewRepository } from './ports/device-previews.js';
import type { ChaosRepository } from './ports/chaos.js';
import type { ServerGaugeRepository } from './ports/server-gauges.js';

export interface Repositories {
  users: UserRepository;
  /** organisations and their members (ports/organizations.ts) */
  organizations: OrganizationRepository;
  /** owners of inboxes and emails across tenants, for team inboxes (ports/team-access.ts) */
  teamAccess: TeamAccessRepository;
  /** SCIM 2.0 users and groups of organisations (ports/scim.ts) */
  scim: ScimRepository;
  apiKeys: ApiKeyRepository;
  /** the audit log (ports/audit-logs.ts) */
  auditLogs: AuditLogRepository;
  inboxes: InboxRepository;
  domains: DomainRepository;
  /** custom domains with their DNS setup, checks and health events (ports/custom-domains.ts) */
  customDomains: CustomDomainRepository;
  emails: EmailRepository;
  /** SPF/DKIM/DMARC/ARC verdicts of received mail (ports/mail-auth.ts) */
  mailAuthResults: MailAuthResultRepository;
  /** Google Postmaster Tools connections and what was fetched with them (ports/postmaster.ts) */
  postmaster: PostmasterRepository;
  attachments: AttachmentRepository;
  sent: SentEmailRepository;
  mailCredentials: MailCredentialRepository;
  expiredInboxes: ExpiredInboxRepository;
  missedEmails: MissedEmailRepository;
  bounces: BounceRepository;
  /** complaints, list-unsubscribes and the reputation figures (ports/reputation.ts) */
  reputation: ReputationRepository;
  threads: ThreadRepository;
  schedulerLocks: SchedulerLocks;
  /** webhooks, their delivery jobs and results (ports/webhooks.ts) */
  webhooks: WebhookRepository;
  imapMailboxes: ImapMailboxRepository;
  /** sendEmailWithQueue jobs and their results (ports/send-queue.ts) */
  sendQueue: SendQueueRepository;
  /** durable follow-up jobs of the automations (ports/automation-jobs.ts) */
  automationJobs: AutomationJobRepository;
  /** tracking pixels (ports/tracking-pixels.ts) */
  trackingPixels: TrackingPixelRepository;
  /** what changed, recorded with each change for the dispatchers that act on it (ports/domain-events.ts) */
  domainEvents: DomainEventRepository;
  /** keys this server signs with (ports/server-secrets.ts) */
  serverSecrets: ServerSecretRepository;
  /** email templates (ports/templates.ts) */
  templates: TemplateRepository;
  /** guest portals and their guests (ports/portals.ts) */
  guestPortals: GuestPortalRepository;
  /** email warmup programs and their sends (ports/portals.ts) */
  warmup: WarmupRepository;
  /** sender seat caps and the delivery seats held (ports/portals.ts) */
  senderSeats: SenderSeatRepository;
  /** virtual TOTP devices (ports/totp-devices.ts) */
  totpDevices: TotpDeviceRepository;
  /** contacts and contact groups (ports/contacts.ts) */
  contacts: ContactRepository;
  /** email aliases and their reply threads (ports/aliases.ts) */
  aliases: AliasRepository;
  /** block, allow, filter and bounce rules (ports/rulesets.ts) */
  rulesets: RulesetRepository;
  /** inbox forwarders and their events (ports/forwarders.ts) */
  forwarders: ForwarderRepository;
  /** inbox repliers, their events and replies (ports/repliers.ts) */
  repliers: ReplierRepository;
  /** consent (double opt-in) records (ports/opt-in-identities.ts) */
  optInIdentities: OptInIdentityRepository;
  /** plus addresses of inboxes (ports/plus-addresses.ts) */
  plusAddresses: PlusAddressRepository;
  /** phone numbers of the simulated carrier (ports/phone-numbers.ts) */
  phoneNumbers: PhoneNumberRepository;
  /** SMS received by those numbers (ports/sms.ts) */
  sms: SmsRepository;
  /** SMS sent from those numbers (ports/sent-sms.ts) */
  sentSms: SentSmsRepository;
  /** the simulated carrier's inventory (ports/phone-inventory.ts): releases, provisioning jobs, counts, consent, emergency addresses */
  phoneReleases: PhoneNumberReleaseRepository;
  provisioningJobs: ProvisioningJobRepository;
  phoneInventory: PhoneInventoryRepository;
  phoneAccounts: PhoneAccountRepository;
  /** pools of those numbers and their leases (ports/phone-pools.ts) */
  phonePools: PhonePoolRepository;
  /** SMS conversations per number and other number (ports/phone-threads.ts) */
  phoneThreads: PhoneThreadRepository;
  /** MMS media of received SMS (ports/sms-media.ts) */
  smsMedia: SmsMediaRepository;
  /** SMS a tenant at its SMS cap did not get (ports/missed-sms.ts) */
  missedSms: MissedSmsRepository;
  /** inbox retention policies and their runs (ports/inbox-retention.ts) */
  inboxRetention: InboxRetentionRepository;
  /** email retention by count and age: account policies and the pruning pass's queries (ports/email-retention.ts) */
  emailRetention: EmailRetentionRepository;
  /** mail a spam check flagged (ports/spam-emails.ts) */
  spamEmails: SpamEmailRepository;
  /** spamd's scores of received emails (ports/spam-scores.ts) */
  spamScores: SpamScoreRepository;
  /** the caller's automations, entity events and favourites across their tables (ports/user-entities.ts) */
  userEntities: UserEntityRepository;
  /** rows of exports and what was exported (ports/exports.ts) */
  exports: ExportRepository;
  /** domain monitors, their runs, alert sinks and observed auth samples (ports/domain-monitors.ts) */
  domainMonitors: DomainMonitorRepository;
  /** stored email audits (ports/email-audits.ts) */
  emailAudits: EmailAuditRepository;
  /** inbox placement tests and public spam tests (ports/inbox-placement.ts) */
  inboxPlacementTests: InboxPlacementRepository;
  /** device render tests (ports/device-render-tests.ts) */
  deviceRenderTests: DeviceRenderTestRepository;
  /** campaign probes and their runs (ports/campaign-probes.ts) */
  campaignProbes: CampaignProbeRepository;
  /** deliverability tests, simulation jobs and their events (ports/deliverability-tests.ts) */
  deliverabilityTests: DeliverabilityTestRepository;
  /** device preview ingest domains and submissions (ports/device-preview-ingest.ts) */
  devicePreviewIngest: DevicePreviewIngestRepository;
  /** email validation results of EmailVerificationController (ports/email-validations.ts) */
  emailValidations: EmailValidationRepository;
  /** device preview profiles, runs, targets, screenshots, share links and feedback (ports/device-previews.ts) */
  devicePreviews: DevicePreviewRepository;
  /** chaos rules per inbox and their greylisting state (ports/chaos.ts) */
  chaos: ChaosRepository;
  /** server-wide counts the metrics gauges read (ports/server-gauges.ts) */
  serverGauges: ServerGaugeRepository;
}

/** Messages between the nodes sharing one database (PostgreSQL LISTEN/NOTIFY). */
export interface Notifications {
  /** reaches every node listening on this database and schema, this one included */
  publish(message: string): Promise<void>;
  /** calls `handler` for each message until the returned function is called */
  listen(handler: (message: string) => void): Promise<() => Promise<void>>;
}

/** Storage as a whole: the repositories plus lifecycle. */
export interface Store {
  readonly dialect: 'sqlite' | 'postgres';
  readonly repos: Repositories;
  /** present when several nodes can share the database (PostgreSQL) */
  readonly notifications?: Notifications;
  /** true once the database answers a trivial query */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
