/**
 * Composition of the services: repositories, clock, bus and settings in, every service of
 * the application out. main.ts calls it once; tests call it to build an app on a store.
 */
import type { Clock } from './core/clock.js';
import type { Store } from './storage/ports.js';
import type { EventBus } from './events/bus.js';
import type { Services } from './modules/services.js';
import { UserService } from './modules/user/user.service.js';
import { OrganizationService } from './modules/organization/organization.service.js';
import { ScimService } from './modules/scim/scim.service.js';
import { InboxService, MAX_EXPIRES_IN_MS, type InboxSettings } from './modules/inbox/inbox.service.js';
import { IngestService } from './modules/email/ingest.service.js';
import type { MessageParser } from './modules/email/parser.js';
import { HtmlWork } from './modules/email/html-work.js';
import { EmailService } from './modules/email/email.service.js';
import { ThreadService } from './modules/email/threads.service.js';
import { EmailContentService } from './modules/email/content.service.js';
import { EmailBodyCheckService } from './modules/email/body-check.service.js';
import { EmailAuditService } from './modules/email-audit/email-audit.service.js';
import { InboxPlacementService } from './modules/inbox-placement/placement.service.js';
import { DeviceRenderTestService } from './modules/device-render-tests/device-render-tests.service.js';
import { CampaignProbeService } from './modules/campaign-probe/campaign-probe.service.js';
import { DeliverabilityTestService } from './modules/deliverability/deliverability.service.js';
import { DevicePreviewIngestService } from './modules/device-previews/ingest-domain.service.js';
import { SIMULATION_JOB, SimulationService } from './modules/deliverability/simulation.service.js';
import { EmailImportService } from './modules/email/import.service.js';
import { SendingService } from './modules/sending/sending.service.js';
import { DeliveryStatusWaiter } from './modules/sending/delivery-wait.js';
import type { Relay } from './modules/sending/relay.js';
import { SendQueueService } from './modules/sending/queue.service.js';
import type { SendLimits } from './modules/sending/send-limits.js';
import { AttachmentService } from './modules/attachment/attachment.service.js';
import { ExpiredService } from './modules/expired/expired.service.js';
import { BounceService } from './modules/bounce/bounce.service.js';
import { ComplaintService } from './modules/bounce/complaint.service.js';
import { ListUnsubscribeService } from './modules/bounce/list-unsubscribe.service.js';
import { ReputationService, type ReputationSettings } from './modules/bounce/reputation.service.js';
import { BounceRecorder } from './modules/bounce/bounce-recorder.js';
import { MissedEmailService } from './modules/missed/missed.service.js';
import { TenantEmailCapStep } from './modules/missed/email-cap.step.js';
import { MissedSmsService } from './modules/missed-sms/missed-sms.service.js';
import { TenantSmsCapStep } from './modules/missed-sms/sms-cap.step.js';
import { RulesetSmsInbound, RulesetSmsSendGuard } from './modules/ruleset/ruleset.sms.js';
import { AccessService, type MailEndpoints } from './modules/access/access.service.js';
import { ImapMailboxService } from './modules/imap/imap.service.js';
import { ImapCommandsService } from './modules/imap/imap-commands.service.js';
import { WaitForService } from './modules/waitfor/waitfor.service.js';
import { WebhookService, type WebhookServiceSettings } from './modules/webhooks/webhooks.service.js';
import { WebhookDispatcher } from './modules/webhooks/dispatcher.js';
import { TrackingService, type TrackingSettings } from './modules/tracking/tracking.service.js';
import { TemplateService } from './modules/template/template.service.js';
import { GuestPortalService } from './modules/guest-portal/guest-portal.service.js';
import { SenderSeatService } from './modules/sender-seats/sender-seats.service.js';
import { WarmupService } from './modules/warmup/warmup.service.js';
import { MfaService } from './modules/mfa/mfa.service.js';
import { EventStreamService } from './modules/events/event-stream.js';
import { TlsCaService } from './modules/tls/tls.service.js';
import { PreviewTokenService } from './modules/email/preview-tokens.js';
import { ContactService } from './modules/contacts/contacts.service.js';
import { PhoneService } from './modules/phone/phone.service.js';
import { SmsService } from './modules/sms/sms.service.js';
import { SmsSendingService } from './modules/sms/sms-sending.service.js';
import { PhoneInventoryService } from './modules/phone-inventory/phone-inventory.service.js';
import { PhoneReleaseService } from './modules/phone-inventory/phone-releases.service.js';
import { PhoneAccountService } from './modules/phone-inventory/phone-account.service.js';
import { PhonePoolService } from './modules/phone-pool/phone-pool.service.js';
import { PostmasterService, type PostmasterClientSettings } from './modules/postmaster/postmaster.service.js';
import { DOMAIN_MONITOR_ALERT, DomainMonitorService } from './modules/domain-monitor/domain-monitor.service.js';
import { EmailVerificationService } from './modules/email-verification/email-verification.service.js';
import { SmtpVerifier, type SmtpVerifierSettings } from './modules/email-verification/smtp-verifier.js';
import { PhoneThreadService } from './modules/phone-pool/phone-thread.service.js';
import { SmsMediaService } from './modules/sms/sms-media.service.js';
import { SMS_STATUS_CALLBACK, SmsSinkService } from './modules/sms-sink/sms-sink.service.js';
import { SMS_RELAY, SmsRelayService, type SmsRelaySettings } from './modules/sms-sink/sms-relay.service.js';
import { DEFAULT_PHONE_RANGES, parsePhoneRanges, type PhoneRange } from './core/phone-ranges.js';
import { AliasService } from './modules/alias/alias.service.js';
import { AliasProxy } from './modules/alias/alias-proxy.js';
import { RulesetService } from './modules/ruleset/ruleset.service.js';
import { RulesetInbound } from './modules/ruleset/ruleset.inbound.js';
import { RulesetSendGuard } from './modules/ruleset/ruleset.send-guard.js';
import { RuleBounceHandler } from './modules/ruleset/rule-bounce.handler.js';
import { ChaosService } from './modules/chaos/chaos.service.js';
import { CHAOS_BOUNCE, ChaosInbound } from './modules/chaos/chaos.inbound.js';
import { ForwarderService } from './modules/forwarder/forwarder.service.js';
import { ReplierService } from './modules/replier/replier.service.js';
import { ConsentService, type ConsentRequirement } from './modules/consent/consent.service.js';
import { InboxAutomationsService } from './modules/automations/automations.service.js';
import { PlusAddressService } from './modules/plus-address/plus-address.service.js';
import { ScheduledSendService, SCHEDULED_SEND } from './modules/scheduled/scheduled.service.js';
import { TeamAccessService } from './modules/team/team-access.service.js';
import { DomainService, type DnsLookup } from './modules/domain/domain.service.js';
import { DomainDkimSigner } from './modules/domain/dkim-signer.js';
import { createResolver } from './core/dns.js';
import { getServers } from 'node:dns';
import { DnsToolsService, type DnsToolsSettings } from './modules/dns-tools/dns-tools.service.js';
import { announceExpiry } from './jobs/expiry.js';
import { InboxRetentionService } from './modules/retention/retention.service.js';
import { EmailRetentionService, type EmailRetentionSettings } from './modules/retention/email-retention.service.js';
import { SpamEmailService } from './modules/spam/spam.service.js';
import { SPAM_SCORE_JOB, SpamScoreService } from './modules/spam/spam-score.service.js';
import { SpamdClient } from './modules/spam/spamd-client.js';
import { fixedSpamd, type SpamdSource } from './modules/spam/spamd-supervisor.js';
import { UserEntitiesService } from './modules/user/entities.service.js';
import { ExportService } from './modules/export/export.service.js';
import { FormService } from './modules/forms/forms.service.js';
import { MailAuthenticator, type MailAuthOptions } from './modules/mail-auth/mail-auth.service.js';
import type { AutomationJobHandlers } from './jobs/automation-jobs.js';
import { ApiKeyService } from './modules/api-keys/api-keys.service.js';
import { KeyScopeChecker } from './modules/api-keys/key-scope.js';
import { AuditLogService } from './modules/audit/audit.service.js';
import { MailToolsService } from './modules/mail-tools/mail-tools.service.js';
import { FakeEmailService } from './modules/mail-tools/fake-email.service.js';
import { EmailScreenshotService } from './modules/render/screenshot.service.js';
import { ChromiumRenderer, type RendererSettings } from './modules/render/chromium-renderer.js';
import { DevicePreviewService } from './modules/device-previews/device-previews.service.js';
import { DEVICE_PREVIEW_RUN } from './modules/device-previews/runs.service.js';

export type { Services };

export interface ServiceDeps {
  store: Store;
  bus: EventBus;
  clock: Clock;
  settings: InboxSettings;
  /** where mail for other domains goes; none = captured */
  relay?: Relay;
  /** webhook target policy and test-send timeout; unset = private targets allowed, 10 s */
  webhooks?: WebhookServiceSettings;
  /** largest attachment upload in bytes; 25 MiB when unset */
  maxAttachmentSize?: number;
  /** most received emails a tenant may hold; more become missed emails. 0 or unset = no cap */
  tenantEmailCap?: number;
  /** most received SMS a tenant may hold; more become missed SMS. 0 or unset = no cap */
  tenantSmsCap?: number;
  /** milliseconds within which an SMTP retry of a stored message is not stored again; 0 = off; 10 minutes when unset */
  smtpDedupeWindow?: number;
  /** where mail clients reach the SMTP listeners; startServer fills in the ports once listening */
  endpoints?: MailEndpoints;
  /** the public HTTP URL tracking pixel images are served at; startServer fills in the bound port */
  tracking?: TrackingSettings;
  /** RFC 8058 one-click unsubscribe headers on single-recipient sends (PIGEONHOLE_LIST_UNSUBSCRIBE_HEADERS) */
  listUnsubscribeHeaders?: boolean;
  /** where ARF feedback reports are mailed (PIGEONHOLE_FEEDBACK_ADDRESS); feedback@{settings domain} when unset */
  feedbackAddress?: string;
  /** sending reputation thresholds; DEFAULT_REPUTATION_SETTINGS when unset */
  reputation?: ReputationSettings;
  /** milliseconds a preview link (getEmailPreviewURLs) opens its email; one hour when unset */
  previewUrlTtl?: number;
  /** milliseconds an export link (getExportLink) opens its export; one hour when unset */
  exportLinkTtl?: number;
  /** parses mail on worker threads (main.ts starts and stops it); unset = in-process, default limits */
  parser?: MessageParser;
  /** HTML work of the content operations on the same worker threads; unset = in-process */
  htmlWork?: HtmlWork;
  /** recipients per message and header lengths of API sends; DEFAULT_SEND_LIMITS when unset */
  sendLimits?: SendLimits;
  /** milliseconds within which a replier answers one sender once; 0 = every message; 24 hours when unset */
  replierWindow?: number;
  /** ranges createPhoneNumber allocates from (PIGEONHOLE_PHONE_RANGES); unset = the defaults */
  phoneRanges?: readonly PhoneRange[];
  /** email retention limits and batch size (PIGEONHOLE_MAX_EMAILS_PER_*, _MAX_EMAIL_AGE, _EMAIL_RETENTION_BATCH); none when unset */
  emailRetention?: Partial<EmailRetentionSettings>;
  /** which addresses need consent before mail goes to them (PIGEONHOLE_REQUIRE_CONSENT); 'none' when unset */
  requireConsent?: ConsentRequirement;
  /** E.164 numbers or prefixes whose SMS sink messages fail (PIGEONHOLE_SMS_FAIL_NUMBERS); none when unset */
  smsFailNumbers?: readonly string[];
  /** the real provider outside SMS are forwarded to (PIGEONHOLE_SMS_RELAY_URL); unset = none. timeoutMs: the webhook timeout when unset */
  smsRelay?: Omit<SmsRelaySettings, 'timeoutMs'> & { timeoutMs?: number };
  /** DNS servers custom domains are checked against (PIGEONHOLE_DNS_SERVERS); unset = the system's resolvers */
  dnsServers?: readonly string[];
  /** answers the DNS lookups of custom domains instead of a resolver on dnsServers (tests) */
  dns?: DnsLookup;
  /** where the audit log reports batches it could not write; unset = nowhere */
  auditLogger?: { error(details: object, message: string): void };
  /** SPF/DKIM/DMARC/ARC checks of mail from SMTP clients (PIGEONHOLE_MAIL_AUTH); unset = not checked */
  mailAuth?: Omit<MailAuthOptions, 'clock'>;
  /** the operator's OAuth client for Google Postmaster Tools (PIGEONHOLE_POSTMASTER_*); unset = those operations answer 400 */
  postmaster?: PostmasterClientSettings;
  /** domain monitors: DNS servers (PIGEONHOLE_DNS_SERVERS), the MX probe port (PIGEONHOLE_MX_PROBE_PORT), this server's authserv-id; unset = system DNS, port 25, the inbox domain */
  domainMonitors?: { dnsServers: readonly string[]; mxProbePort: number; authservId: string };
  /** DNS tools: PIGEONHOLE_DNS_TOOLS_TIMEOUT, _DNS_PROPAGATION_RESOLVERS, _DNSBL_ZONES, _DNSBL_DOMAIN_ZONES; unset = 4 s, the DNS servers, no blocklist zones */
  dnsTools?: Pick<DnsToolsSettings, 'dnsBudgetMs' | 'propagationResolvers' | 'dnsblZones' | 'dnsblDomainZones'>;
  /** SMTP verification (PIGEONHOLE_SMTP_VERIFY_*); unset = port 25, HELO and MAIL FROM at the inbox domain, 10 s, 8 connections */
  smtpVerify?: Omit<SmtpVerifierSettings, 'dnsServers' | 'policy'>;
  /** the draw of unseeded chaos rules, in [0, 1); Math.random when unset */
  chaosRandom?: () => number;
  /** spam scores: where spamd is (main.ts supervises it), its client, PIGEONHOLE_SPAM_THRESHOLD and _CHECK_INBOUND; unset = no spamd (503) */
  spam?: { source: SpamdSource; client: SpamdClient; threshold: number; checkInbound: boolean; waitForSpamdMs: number };
  /** renders email screenshots (main.ts makes it from the settings and closes it); unset = one on /usr/bin/chromium, 2 at once, 15 s each */
  renderer?: ChromiumRenderer;
}

/** The PIGEONHOLE_CHROMIUM_PATH, _RENDER_CONCURRENCY and _RENDER_TIMEOUT defaults. */
const DEFAULT_RENDERER: RendererSettings = { executablePath: '/usr/bin/chromium', concurrency: 2, timeoutMs: 15_000 };

/** No email retention limit; batches of 50 (the PIGEONHOLE_EMAIL_RETENTION_BATCH default). */
const NO_EMAIL_RETENTION: EmailRetentionSettings = { maxEmailsPerInbox: 0, maxEmailsPerAccount: 0, maxEmailAge: 0, batchSize: 50 };

export function createServices(deps: ServiceDeps): Services {
  const { repos } = deps.store;
  const inboxes = new InboxService(repos.inboxes, repos.domains, deps.clock, deps.settings, repos.expiredInboxes, announceExpiry(deps.bus),
    (change) => deps.bus.publish('inbox.changed', change));
  const emailCap = deps.tenantEmailCap ?? 0;
  const capStep = new TenantEmailCapStep(repos.emails, repos.missedEmails, deps.bus, deps.clock, emailCap);
  // the automation job worker's wake-up; main.ts points it at the worker once it runs
  const automationWake = { kick: () => {} };
  const rulesets = new RulesetService(repos.rulesets, repos.inboxes, deps.clock, repos.phoneNumbers);
  const rulesetInbound = new RulesetInbound(rulesets, repos.automationJobs, repos.bounces, deps.bus, deps.clock, () => automationWake.kick());
  // rulesets first: mail they keep out never counts against the email cap
  const chaos = new ChaosService(repos.chaos, repos.inboxes, deps.clock, deps.chaosRandom);
  const chaosInbound = new ChaosInbound(chaos, repos.automationJobs, deps.clock, () => automationWake.kick());
  // chaos first: a failure on purpose answers before any rule of the inbox's owner is applied
  const ingest = new IngestService(repos.inboxes, repos.emails, deps.bus, deps.clock,
    emailCap > 0 ? [chaosInbound, rulesetInbound, capStep] : [chaosInbound, rulesetInbound], deps.parser, deps.smtpDedupeWindow);
  ingest.recipientChecks.push(chaosInbound, rulesetInbound);
  ingest.followUpsQueued = () => automationWake.kick();
  const emails = new EmailService(repos.emails, inboxes, deps.bus, deps.clock);
  const tracking = new TrackingService(repos.trackingPixels, inboxes, repos.sent, deps.bus, deps.clock, deps.tracking ?? { publicUrl: 'http://localhost' });
  const templates = new TemplateService(repos.templates, deps.clock);
  const contacts = new ContactService(repos.contacts, deps.clock);
  const sms = new SmsService(repos.sms, repos.phoneNumbers, deps.bus, deps.clock);
  // rulesets first: SMS they keep out never count against the SMS cap
  sms.inboundSteps.push(new RulesetSmsInbound(rulesets));
  if ((deps.tenantSmsCap ?? 0) > 0) sms.inboundSteps.push(new TenantSmsCapStep(repos.sms, repos.missedSms, deps.clock, deps.tenantSmsCap ?? 0));
  const smsSending = new SmsSendingService(repos.sentSms, repos.sms, repos.phoneNumbers, sms, deps.clock);
  smsSending.guards.push(new RulesetSmsSendGuard(rulesets));
  const sending = new SendingService(repos.inboxes, repos.sent, ingest, deps.clock, deps.relay, repos.attachments, deps.bus, new BounceRecorder(repos.bounces, deps.clock), tracking, deps.sendLimits, templates, contacts);
  const imap = new ImapMailboxService(repos.inboxes, repos.imapMailboxes, repos.emails, emails, deps.clock);
  sending.guards.push(new RulesetSendGuard(rulesets));
  const automationHandlers: AutomationJobHandlers = {};
  const aliasProxy = new AliasProxy(repos.aliases, inboxes, emails, sending, deps.bus, deps.clock);
  ingest.planners.push(aliasProxy);
  automationHandlers['alias-proxy'] = aliasProxy;
  automationHandlers['rule-bounce'] = new RuleBounceHandler(ingest, deps.relay, deps.clock);
  automationHandlers[CHAOS_BOUNCE] = automationHandlers['rule-bounce'];
  const forwarders = new ForwarderService(repos.forwarders, inboxes, repos.emails, sending, deps.bus, deps.clock);
  const repliers = new ReplierService(repos.repliers, inboxes, templates, sending, deps.bus, deps.clock, deps.replierWindow);
  ingest.planners.push(forwarders.planner, repliers.planner);
  automationHandlers.forward = { run: (job) => forwarders.runJob(job), failed: (job, message) => forwarders.jobFailed(job, message) };
  automationHandlers.reply = { run: (job) => repliers.runJob(job), failed: (job, message) => repliers.jobFailed(job, message) };
  const scheduledSends = new ScheduledSendService(repos.automationJobs, sending, repos.inboxes, deps.bus, deps.clock);
  scheduledSends.wake = () => automationWake.kick();
  automationHandlers[SCHEDULED_SEND] = scheduledSends.handler;
  const users = new UserService(repos, deps.clock);
  const auditLog = new AuditLogService(repos.auditLogs, deps.clock, deps.auditLogger);
  const webhookTargets = deps.webhooks ?? { blockPrivate: false, timeoutMs: 10_000 };
  // one browser for screenshots and device previews (main.ts passes the one it closes)
  const renderer = deps.renderer ?? new ChromiumRenderer(DEFAULT_RENDERER);
  const smsSink = new SmsSinkService(repos.sentSms, repos.phoneNumbers, sms, repos.smsMedia, repos.automationJobs, users, deps.clock,
    { failNumbers: deps.smsFailNumbers ?? [], blockPrivate: webhookTargets.blockPrivate, allow: webhookTargets.allow, timeoutMs: webhookTargets.timeoutMs },
    () => automationWake.kick());
  smsSink.sendGuards = smsSending.guards;
  automationHandlers[SMS_STATUS_CALLBACK] = { run: (job) => smsSink.runCallbackJob(job) };
  if (deps.smsRelay) {
    const smsRelay = new SmsRelayService(repos.sentSms, repos.automationJobs, deps.clock,
      { ...deps.smsRelay, timeoutMs: deps.smsRelay.timeoutMs ?? webhookTargets.timeoutMs }, () => automationWake.kick());
    smsSending.forwarder = smsRelay;
    smsSink.forwarder = smsRelay;
    automationHandlers[SMS_RELAY] = { run: (job) => smsRelay.runJob(job), failed: (job, message) => smsRelay.jobFailed(job, message) };
  }
  const plusAddresses = new PlusAddressService(repos.plusAddresses, repos.inboxes, repos.emails, deps.clock);
  ingest.plusAddresses = plusAddresses;
  if (deps.mailAuth) ingest.authenticator = new MailAuthenticator({ ...deps.mailAuth, clock: deps.clock });
  const phoneRanges = deps.phoneRanges ?? parsePhoneRanges(DEFAULT_PHONE_RANGES);
  const phoneReleases = new PhoneReleaseService(repos.phoneReleases, repos.phoneNumbers, deps.clock);
  const consent = new ConsentService(repos.optInIdentities, sending, inboxes, async (address) => (await ingest.ownInbox(address)) !== undefined,
    deps.bus, deps.clock, deps.requireConsent);
  sending.guards.push(consent.guard);
  const domains = new DomainService(repos.customDomains, inboxes, repos.inboxes, repos.expiredInboxes, deps.dns ?? createResolver(deps.dnsServers ?? []),
    deps.clock, { mailHost: deps.endpoints?.host ?? 'localhost', domain: deps.settings.domain, domainPool: deps.settings.domainPool },
    announceExpiry(deps.bus), (change) => deps.bus.publish('inbox.changed', change));
  ingest.catchAll = domains;
  sending.signer = new DomainDkimSigner(repos.customDomains, deps.clock);
  const listUnsubscribes = new ListUnsubscribeService(repos.reputation, repos.inboxes, repos.serverSecrets, deps.clock, deps.tracking ?? { publicUrl: 'http://localhost' });
  if (deps.listUnsubscribeHeaders) sending.listUnsubscribe = listUnsubscribes;
  const reputation = new ReputationService(repos.reputation, deps.clock, deps.reputation);
  sending.guards.push(reputation.sendGuard);
  // last: a seat is taken only by a send every other guard let through
  const senderSeats = new SenderSeatService(repos.senderSeats, deps.clock);
  sending.guards.push(senderSeats.guard);
  const access = new AccessService(repos.mailCredentials, repos.inboxes, deps.clock, deps.endpoints ?? { host: 'localhost', smtpPort: 0, smtpsPort: 0, smtpSubmissionPort: 0, imapPort: 0, imapsPort: 0 });
  // SMTP AUTH and IMAP LOGIN, right or wrong, go to the audit log.
  access.onLogin = (attempt) => auditLog.record({
    // A wrong password for a known username is its owner's event; an unknown username is no one's.
    tenantId: attempt.owner?.tenantId ?? '', action: `login.${attempt.protocol}`, outcome: attempt.login ? 'SUCCESS' : 'FAILURE',
    userId: attempt.owner?.tenantId ?? null, actorUserId: attempt.login?.tenantId ?? null, ipAddress: attempt.ip ?? null,
    resourceType: attempt.owner?.inboxId ? 'inbox' : null, resourceId: attempt.owner?.inboxId ?? null,
    metadata: { protocol: attempt.protocol },
  });
  const domainMonitors = new DomainMonitorService(repos.domainMonitors, inboxes, repos.automationJobs, deps.clock, {
    dnsServers: deps.domainMonitors?.dnsServers ?? [], mxProbePort: deps.domainMonitors?.mxProbePort ?? 25,
    authservId: deps.domainMonitors?.authservId ?? deps.settings.domain,
    timeoutMs: webhookTargets.timeoutMs, blockPrivate: webhookTargets.blockPrivate, allow: webhookTargets.allow,
  });
  domainMonitors.sending = sending;
  domainMonitors.wake = () => automationWake.kick();
  automationHandlers[DOMAIN_MONITOR_ALERT] = { run: (job) => domainMonitors.runAlertJob(job) };
  // Observed auth samples: recorded as each received copy is planned, before it is stored and announced.
  ingest.planners.push(domainMonitors.samplePlanner);
  // Device previews: each run is an automation job rendering its targets in Chromium.
  const devicePreviews = new DevicePreviewService(repos.devicePreviews, repos.emails, repos.automationJobs,
    renderer, deps.bus, deps.clock, deps.parser);
  devicePreviews.runs.wake = () => automationWake.kick();
  automationHandlers[DEVICE_PREVIEW_RUN] = { run: (job) => devicePreviews.runs.runJob(job) };
  // Spam scores: the inbound check is a job planned with each stored copy, run after the commit.
  const spamScores = new SpamScoreService(repos.spamScores, repos.spamEmails, repos.emails,
    deps.spam?.source ?? fixedSpamd({ mode: 'off' }), deps.spam?.client ?? new SpamdClient({ timeoutMs: 15_000, concurrency: 2 }), deps.clock,
    { threshold: deps.spam?.threshold ?? 5, checkInbound: deps.spam?.checkInbound ?? false, waitForSpamdMs: deps.spam?.waitForSpamdMs ?? 15_000 });
  ingest.planners.push(spamScores.planner);
  automationHandlers[SPAM_SCORE_JOB] = { run: (job) => spamScores.runJob(job) };
  const deliverabilityTests = new DeliverabilityTestService(repos.deliverabilityTests, repos.inboxes, repos.phoneNumbers, repos.emails, repos.sms, deps.clock, renderer);
  const deliverabilitySimulations = new SimulationService(repos.deliverabilityTests, deliverabilityTests, repos.automationJobs, repos.inboxes,
    repos.phoneNumbers, sending, smsSending, deps.clock);
  deliverabilitySimulations.wake = () => automationWake.kick();
  automationHandlers[SIMULATION_JOB] = { run: (job) => deliverabilitySimulations.runBatch(job) };
  const emailAudits = new EmailAuditService(repos.emailAudits, repos.emails, deps.htmlWork ?? new HtmlWork(),
    new EmailBodyCheckService(repos.emails, deps.htmlWork ?? new HtmlWork(), webhookTargets), deps.clock);
  return {
    domains,
    apiKeys: new ApiKeyService(repos.apiKeys, repos.inboxes, users, deps.clock),
    keyScopes: new KeyScopeChecker({
      inboxes: repos.inboxes, emails: repos.emails, sent: repos.sent, webhooks: repos.webhooks, attachments: repos.attachments,
      rulesets: repos.rulesets, forwarders: repos.forwarders, repliers: repos.repliers,
    }),
    auditLog,
    domainMonitors,
    devicePreviews,
    dnsTools: new DnsToolsService({
      dnsBudgetMs: 4000, propagationResolvers: [], dnsblZones: [], dnsblDomainZones: [], ...deps.dnsTools,
      dnsServers: deps.domainMonitors?.dnsServers ?? deps.dnsServers ?? [], mxProbePort: deps.domainMonitors?.mxProbePort ?? 25,
      timeoutMs: webhookTargets.timeoutMs, blockPrivate: webhookTargets.blockPrivate, allow: webhookTargets.allow, systemServers: () => getServers(),
    }),
    emailVerification: new EmailVerificationService(repos.emailValidations, new SmtpVerifier({
      port: 25, heloName: deps.settings.domain, mailFrom: `verify@${deps.settings.domain}`, timeoutMs: 10_000, concurrency: 8, ...deps.smtpVerify,
      dnsServers: deps.dnsServers ?? [], policy: webhookTargets,
    }), deps.clock),
    chaos,
    aliases: new AliasService(repos.aliases, inboxes, emails, sending, deps.bus, deps.clock),
    rulesets,
    forwarders,
    repliers,
    consent,
    plusAddresses,
    scheduledSends,
    automations: new InboxAutomationsService(repos.inboxes, repos.rulesets, forwarders, repliers, repos.aliases, repos.automationJobs),
    automationHandlers,
    automationWake,
    contacts,
    phones: new PhoneService(repos.phoneNumbers, phoneRanges, deps.clock, phoneReleases),
    phoneInventory: new PhoneInventoryService(repos.phoneNumbers, repos.phoneInventory, repos.provisioningJobs, repos.users, phoneRanges, deps.clock),
    phoneReleases,
    phoneAccounts: new PhoneAccountService(repos.phoneAccounts, deps.clock),
    sms,
    smsSending,
    missedSms: new MissedSmsService(repos.missedSms, repos.phoneNumbers),
    phonePools: new PhonePoolService(repos.phonePools, deps.bus, deps.clock),
    postmaster: new PostmasterService(repos.postmaster, deps.clock, deps.postmaster),
    phoneThreads: new PhoneThreadService(repos.phoneThreads, repos.phoneNumbers),
    smsMedia: new SmsMediaService(repos.smsMedia, repos.sms, repos.phoneNumbers),
    smsSink,
    organizations: new OrganizationService(repos, users, deps.clock),
    scim: new ScimService(repos, users, deps.clock),
    tracking,
    templates,
    guestPortals: new GuestPortalService(repos.guestPortals, inboxes, repos.inboxes, repos.emails, repos.serverSecrets, deps.clock),
    senderSeats,
    warmup: new WarmupService(repos.warmup, repos.inboxes, repos.senderSeats, sending, deps.clock),
    imap,
    mfa: new MfaService(repos.totpDevices, deps.clock),
    imapCommands: new ImapCommandsService(imap),
    eventStream: new EventStreamService(deps.bus, inboxes),
    users,
    teamAccess: new TeamAccessService(repos.teamAccess),
    inboxes,
    ingest,
    imports: new EmailImportService(inboxes, ingest, deps.clock),
    missed: new MissedEmailService(repos.missedEmails, repos.inboxes, repos.emails, ingest, deps.bus, deps.clock, emailCap),
    emails,
    waitFor: new WaitForService(repos.emails, emails, inboxes, deps.bus),
    threads: new ThreadService(repos.threads, inboxes, deps.htmlWork),
    content: new EmailContentService(repos.emails, { html: deps.htmlWork }),
    bodyChecks: new EmailBodyCheckService(repos.emails, deps.htmlWork ?? new HtmlWork(), webhookTargets),
    deviceRenderTests: new DeviceRenderTestService(repos.deviceRenderTests, inboxes, repos.emails, devicePreviews, deps.clock),
    inboxPlacement: new InboxPlacementService(repos.inboxPlacementTests, inboxes, repos.emails, spamScores, deps.clock, deps.settings.domain),
    emailAudits,
    deliverabilityTests,
    deliverabilitySimulations,
    devicePreviewIngest: new DevicePreviewIngestService(repos.devicePreviewIngest, devicePreviews.profiles, devicePreviews.runs, deps.bus, deps.clock, deps.settings.domain),
    campaignProbes: new CampaignProbeService(repos.campaignProbes, inboxes, repos.emails, emailAudits, deps.clock),
    sending,
    sendQueue: new SendQueueService(repos.sendQueue, sending, repos.inboxes, deps.clock),
    bounces: new BounceService(repos.bounces),
    complaints: new ComplaintService(repos.reputation, deps.clock, deps.feedbackAddress ?? `feedback@${deps.settings.domain}`),
    listUnsubscribes,
    reputation,
    deliveryWait: new DeliveryStatusWaiter(repos.inboxes, repos.sent, deps.bus),
    webhooks: new WebhookService(repos.webhooks, inboxes, deps.bus, deps.clock, deps.webhooks ?? { blockPrivate: false, timeoutMs: 10_000 }, repos.phoneNumbers),
    webhookDispatcher: new WebhookDispatcher({
      events: repos.domainEvents, webhooks: repos.webhooks, emails: repos.emails, sent: repos.sent,
      trackingPixels: repos.trackingPixels, bounces: repos.bounces, contacts: repos.contacts, sms: repos.sms,
    }),
    attachments: new AttachmentService(repos.attachments, deps.clock, deps.maxAttachmentSize, repos.sent, deps.htmlWork),
    // No default expiry is configurable yet: inboxes without expiresAt/expiresIn are permanent.
    access,
    tls: new TlsCaService(),
    previews: new PreviewTokenService(repos.serverSecrets, deps.clock, deps.previewUrlTtl),
    // retention deletes through the inbox service: the same path as deleteInbox, inbox.changed included
    retention: new InboxRetentionService(repos.inboxRetention, inboxes, deps.clock),
    // email retention deletes through the email service: deleteEmail's path
    emailRetention: new EmailRetentionService(repos.emailRetention, emails, deps.clock, { ...NO_EMAIL_RETENTION, ...deps.emailRetention }),
    spamEmails: new SpamEmailService(repos.spamEmails),
    spamScores,
    userEntities: new UserEntitiesService(repos.userEntities, repos.inboxes, repos.phoneNumbers),
    exports: new ExportService(repos.exports, repos.serverSecrets, deps.clock, deps.exportLinkTtl),
    forms: new FormService(ingest, deps.clock),
    mailTools: new MailToolsService(deps.clock),
    fakeEmails: new FakeEmailService(inboxes, emails),
    // remote content of a screenshot goes out under the webhook targets' policy
    screenshots: new EmailScreenshotService(repos.emails, renderer, webhookTargets),
    expired: new ExpiredService(repos.expiredInboxes, deps.clock, { defaultExpirationMillis: null, maxExpirationMillis: MAX_EXPIRES_IN_MS }),
  };
}
