/**
 * Every service of the application, as operation handlers receive them (the second
 * argument of a handler). Built once in the composition root (src/services.ts).
 */
import type { UserService } from './user/user.service.js';
import type { InboxService } from './inbox/inbox.service.js';
import type { IngestService } from './email/ingest.service.js';
import type { EmailService } from './email/email.service.js';
import type { ThreadService } from './email/threads.service.js';
import type { EmailContentService } from './email/content.service.js';
import type { EmailBodyCheckService } from './email/body-check.service.js';
import type { EmailImportService } from './email/import.service.js';
import type { SendingService } from './sending/sending.service.js';
import type { SendQueueService } from './sending/queue.service.js';
import type { DeliveryStatusWaiter } from './sending/delivery-wait.js';
import type { AttachmentService } from './attachment/attachment.service.js';
import type { ExpiredService } from './expired/expired.service.js';
import type { MissedEmailService } from './missed/missed.service.js';
import type { MissedSmsService } from './missed-sms/missed-sms.service.js';
import type { BounceService } from './bounce/bounce.service.js';
import type { ComplaintService } from './bounce/complaint.service.js';
import type { ListUnsubscribeService } from './bounce/list-unsubscribe.service.js';
import type { ReputationService } from './bounce/reputation.service.js';
import type { AccessService } from './access/access.service.js';
import type { ImapMailboxService } from './imap/imap.service.js';
import type { ImapCommandsService } from './imap/imap-commands.service.js';
import type { WaitForService } from './waitfor/waitfor.service.js';
import type { WebhookService } from './webhooks/webhooks.service.js';
import type { WebhookDispatcher } from './webhooks/dispatcher.js';
import type { TrackingService } from './tracking/tracking.service.js';
import type { EventStreamService } from './events/event-stream.js';
import type { TlsCaService } from './tls/tls.service.js';
import type { PreviewTokenService } from './email/preview-tokens.js';
import type { TemplateService } from './template/template.service.js';
import type { GuestPortalService } from './guest-portal/guest-portal.service.js';
import type { SenderSeatService } from './sender-seats/sender-seats.service.js';
import type { WarmupService } from './warmup/warmup.service.js';
import type { MfaService } from './mfa/mfa.service.js';
import type { ContactService } from './contacts/contacts.service.js';
import type { PhoneService } from './phone/phone.service.js';
import type { SmsService } from './sms/sms.service.js';
import type { SmsSendingService } from './sms/sms-sending.service.js';
import type { PhoneInventoryService } from './phone-inventory/phone-inventory.service.js';
import type { PhoneReleaseService } from './phone-inventory/phone-releases.service.js';
import type { PhoneAccountService } from './phone-inventory/phone-account.service.js';
import type { PhonePoolService } from './phone-pool/phone-pool.service.js';
import type { PostmasterService } from './postmaster/postmaster.service.js';
import type { DomainMonitorService } from './domain-monitor/domain-monitor.service.js';
import type { DevicePreviewService } from './device-previews/device-previews.service.js';
import type { DnsToolsService } from './dns-tools/dns-tools.service.js';
import type { EmailAuditService } from './email-audit/email-audit.service.js';
import type { InboxPlacementService } from './inbox-placement/placement.service.js';
import type { DeviceRenderTestService } from './device-render-tests/device-render-tests.service.js';
import type { CampaignProbeService } from './campaign-probe/campaign-probe.service.js';
import type { DeliverabilityTestService } from './deliverability/deliverability.service.js';
import type { DevicePreviewIngestService } from './device-previews/ingest-domain.service.js';
import type { SimulationService } from './deliverability/simulation.service.js';
import type { EmailVerificationService } from './email-verification/email-verification.service.js';
import type { PhoneThreadService } from './phone-pool/phone-thread.service.js';
import type { SmsMediaService } from './sms/sms-media.service.js';
import type { SmsSinkService } from './sms-sink/sms-sink.service.js';
import type { AliasService } from './alias/alias.service.js';
import type { RulesetService } from './ruleset/ruleset.service.js';
import type { ForwarderService } from './forwarder/forwarder.service.js';
import type { ReplierService } from './replier/replier.service.js';
import type { ConsentService } from './consent/consent.service.js';
import type { InboxAutomationsService } from './automations/automations.service.js';
import type { PlusAddressService } from './plus-address/plus-address.service.js';
import type { ScheduledSendService } from './scheduled/scheduled.service.js';
import type { TeamAccessService } from './team/team-access.service.js';
import type { DomainService } from './domain/domain.service.js';
import type { OrganizationService } from './organization/organization.service.js';
import type { ScimService } from './scim/scim.service.js';
import type { AutomationJobHandlers } from '../jobs/automation-jobs.js';
import type { InboxRetentionService } from './retention/retention.service.js';
import type { ChaosService } from './chaos/chaos.service.js';
import type { EmailRetentionService } from './retention/email-retention.service.js';
import type { SpamEmailService } from './spam/spam.service.js';
import type { SpamScoreService } from './spam/spam-score.service.js';
import type { UserEntitiesService } from './user/entities.service.js';
import type { ExportService } from './export/export.service.js';
import type { FormService } from './forms/forms.service.js';

import type { ApiKeyService } from './api-keys/api-keys.service.js';
import type { KeyScopeChecker } from './api-keys/key-scope.js';
import type { AuditLogService } from './audit/audit.service.js';
import type { MailToolsService } from './mail-tools/mail-tools.service.js';
import type { FakeEmailService } from './mail-tools/fake-email.service.js';
import type { EmailScreenshotService } from './render/screenshot.service.js';

export interface Services {
  users: UserService;
  /** team inboxes: which tenant a request naming another member's inbox or email runs as */
  teamAccess: TeamAccessService;
  /** the caller's own API keys, full and agent-scoped */
  apiKeys: ApiKeyService;
  /** checks an agent-scoped key's permissions and inboxes on every operation call */
  keyScopes: KeyScopeChecker;
  /** the audit log: state-changing calls and logins */
  auditLog: AuditLogService;
  inboxes: InboxService;
  ingest: IngestService;
  emails: EmailService;
  threads: ThreadService;
  content: EmailContentService;
  bodyChecks: EmailBodyCheckService;
  sending: SendingService;
  /** sendEmailWithQueue: durable queued sends; main.ts wires its worker */
  sendQueue: SendQueueService;
  deliveryWait: DeliveryStatusWaiter;
  attachments: AttachmentService;
  expired: ExpiredService;
  missed: MissedEmailService;
  /** MissedSmsController: SMS kept aside at the SMS cap */
  missedSms: MissedSmsService;
  bounces: BounceService;
  /** ARF feedback reports mailed to PIGEONHOLE_FEEDBACK_ADDRESS, as complaints */
  complaints: ComplaintService;
  /** one-click list-unsubscribe links and the addresses that used them (RFC 8058) */
  listUnsubscribes: ListUnsubscribeService;
  /** bounce and complaint rates, findings and the account's block status */
  reputation: ReputationService;
  access: AccessService;
  /** inboxes as IMAP mailboxes: the IMAP listener and ImapController share it */
  imap: ImapMailboxService;
  /** ImapController's commands over the same mailboxes */
  imapCommands: ImapCommandsService;
  imports: EmailImportService;
  waitFor: WaitForService;
  webhooks: WebhookService;
  /** turns domain events into webhook delivery jobs; main.ts hands it to the delivery worker */
  webhookDispatcher: WebhookDispatcher;
  tracking: TrackingService;
  /** GET /events: a tenant's live events */
  eventStream: EventStreamService;
  /** GET /tls/ca.pem: the local CA, handed over by main.ts once TLS is loaded */
  tls: TlsCaService;
  /** signed, expiring tokens of the preview links (getEmailPreviewURLs, getSentEmailPreviewURLs) */
  previews: PreviewTokenService;
  /** email templates; sendEmail renders them through it */
  templates: TemplateService;
  /** GuestPortalController and the guests' pages */
  guestPortals: GuestPortalService;
  /** delivery sender seats (SendingConnectionsController); its guard is on SendingService.guards */
  senderSeats: SenderSeatService;
  /** email warmup programs (EmailWarmupController); main.ts runs its scheduled passes */
  warmup: WarmupService;
  /** MFAController: virtual TOTP devices */
  mfa: MfaService;
  /** ContactController and GroupController; sending resolves toContacts/toGroup through it */
  contacts: ContactService;
  /** phone numbers of the simulated carrier */
  phones: PhoneService;
  /** the simulated carrier's inventory: plans, availability, provisioning, summary, CSV, line types */
  phoneInventory: PhoneInventoryService;
  /** releases of numbers (deletePhoneNumber records them) and their reassignment */
  phoneReleases: PhoneReleaseService;
  /** the account's SMS consent flag and emergency addresses */
  phoneAccounts: PhoneAccountService;
  /** SMS received by those numbers */
  sms: SmsService;
  /** SMS sent from those numbers */
  smsSending: SmsSendingService;
  /** pools of those numbers, leased one test at a time */
  phonePools: PhonePoolService;
  /** Google Postmaster Tools connections (DomainMonitorPostmasterController) */
  postmaster: PostmasterService;
  /** DomainMonitorController: monitors of a domain's mail authentication, their runs, alerts and observed samples */
  domainMonitors: DomainMonitorService;
  /** DevicePreviewsController: emails rendered in Chromium at device geometry (runs as durable jobs), share links, feedback */
  devicePreviews: DevicePreviewService;
  /** DNS tools of ToolsController and MailServerController: lookups and one-off checks of any domain, nothing stored */
  dnsTools: DnsToolsService;
  /** email audits (EmailAuditController, checkEmailAudit, checkEmailAudit1, createEmailAuditForEmail) */
  emailAudits: EmailAuditService;
  /** inbox placement tests (ApiInboxPlacementTestController) and spam tests (ToolsController) */
  inboxPlacement: InboxPlacementService;
  /** device render tests (ToolsController): an address whose first message becomes a device preview run */
  deviceRenderTests: DeviceRenderTestService;
  /** CampaignProbeController: probes whose received messages are checked as runs */
  campaignProbes: CampaignProbeService;
  /** DeliverabilityTestController: tests of what a set of inboxes or numbers received */
  deliverabilityTests: DeliverabilityTestService;
  /** DeliverabilityTestController's simulation jobs: send plans run as automation jobs */
  deliverabilitySimulations: SimulationService;
  /** device preview email domains: mail to <profile>@<subdomain>.<domain> becomes a run and a submission */
  devicePreviewIngest: DevicePreviewIngestService;
  /** EmailVerificationController, verifyEmailAddress and testSmtpServer: SMTP dialogues up to RCPT TO and the stored validations */
  emailVerification: EmailVerificationService;
  /** SMS conversations per number and other number */
  phoneThreads: PhoneThreadService;
  /** MMS media of received SMS */
  smsMedia: SmsMediaService;
  /** the SMS sink: Twilio's Messages resource for apps under test */
  smsSink: SmsSinkService;
  /** organisations: the server admin's management, and an organisation ADMIN's management of its members' keys */
  organizations: OrganizationService;
  /** SCIM 2.0 of organisations (/scim/v2/{slug}) */
  scim: ScimService;
  /** AliasController; its proxying is the `alias-proxy` automation job (alias/alias-proxy.ts) */
  aliases: AliasService;
  /** block, allow, filter and bounce rules; the pipelines judge mail through it */
  rulesets: RulesetService;
  /** InboxForwarderController, and forwarding received mail (automation jobs of kind forward) */
  forwarders: ForwarderService;
  /** InboxReplierController, and automatic replies (automation jobs of kind reply) */
  repliers: ReplierService;
  /** sendWithSchedule and the scheduled-job operations: sends stored as automation jobs due at their time */
  scheduledSends: ScheduledSendService;
  /** plus addresses of inboxes (local+tag@domain); ingest records mail under them through it */
  plusAddresses: PlusAddressService;
  /** ConsentController (double opt-in); its guard refuses sends to addresses that need consent */
  consent: ConsentService;
  /** doesInboxHaveAutomations: what acts on an inbox */
  automations: InboxAutomationsService;
  /** who runs each kind of automation job (main.ts hands them to the automation job worker) */
  automationHandlers: AutomationJobHandlers;
  /** wakes the automation job worker when this node queues jobs; main.ts sets `kick` */
  automationWake: { kick: () => void };
  /** DomainController: custom domains verified over DNS, their checks, health events and catch-all inboxes */
  domains: DomainService;
  /** inbox retention policies and their runs; main.ts runs them on a schedule */
  retention: InboxRetentionService;
  /** ChaosController (Pigeonhole's own): an inbox's SMTP answers failed on purpose */
  chaos: ChaosService;
  /** email retention by count and age: account policies and the pruning pass; main.ts runs it on a schedule */
  emailRetention: EmailRetentionService;
  /** SpamEmailController: mail a spam check flagged */
  spamEmails: SpamEmailService;
  /** SpamAssassin scores of received emails (Pigeonhole extension) */
  spamScores: SpamScoreService;
  /** the caller's automations, entity events and favourites (UserController) */
  userEntities: UserEntitiesService;
  /** ExportController: CSV exports and their signed download links */
  exports: ExportService;
  /** FormController.submitForm: HTML forms delivered to inboxes */
  forms: FormService;
  /** ToolsController: DNS record generators, header and DMARC report analysis */
  mailTools: MailToolsService;
  /** ToolsController: fake email addresses (inboxes marked as throwaway) */
  fakeEmails: FakeEmailService;
  /** getEmailScreenshotAsBase64/Binary: emails rendered in Chromium (main.ts closes its browser) */
  screenshots: EmailScreenshotService;
}
