/**
 * A whole Repositories object in memory: the faked repositories share one set of tables
 * (so an inbox's deletion takes its emails along, as in SQL); the others throw
 * NotFakedError naming the method the moment anything calls them.
 */
import { FakeAuditLogRepository } from './audit-logs.js';
import type {
  PhoneAccountRepository, PhoneInventoryRepository, PhoneNumberReleaseRepository, ProvisioningJobRepository,
  ApiKeyRepository, AutomationJobRepository, DomainEventRepository, PhoneNumberRepository, PhoneThreadRepository, SmsRepository, SentSmsRepository, SmsMediaRepository, MissedSmsRepository, ImapMailboxRepository, MailCredentialRepository, MissedEmailRepository, Repositories,
  SchedulerLocks, SendQueueRepository, Store, ThreadRepository, UserRepository, OrganizationRepository, TeamAccessRepository, ScimRepository,
  ChaosRepository, ServerGaugeRepository,
  EmailAuditRepository,
  InboxPlacementRepository,
  DeviceRenderTestRepository,
  CampaignProbeRepository,
  DeliverabilityTestRepository,
  DevicePreviewIngestRepository,
  ReputationRepository,
  InboxRetentionRepository, EmailRetentionRepository, SpamEmailRepository, SpamScoreRepository, UserEntityRepository, ExportRepository, MailAuthResultRepository, DomainMonitorRepository, DevicePreviewRepository, EmailValidationRepository,
} from '../../src/storage/ports.js';
import { FakeAliasRepository } from './alias-repository.js';
import { FakeCustomDomainRepository } from './custom-domain-repository.js';
import { FakeAttachmentRepository } from './attachment-repository.js';
import { FakeBounceRepository } from './bounce-repository.js';
import { FakeContactRepository } from './contact-repository.js';
import { FakeEmailRepository } from './email-repository.js';
import { FakeExpiredInboxRepository } from './expired-inbox-repository.js';
import { FakeDomainRepository, FakeInboxRepository } from './inbox-repository.js';
import { notFakedRepository } from './not-faked.js';
import { FakeGuestPortalRepository, FakeSenderSeatRepository, FakeWarmupRepository } from './portals.js';
import { FakeSentEmailRepository } from './sent-email-repository.js';
import { FakeServerSecretRepository } from './server-secret-repository.js';
import { MemoryTables } from './tables.js';
import { FakeTrackingPixelRepository } from './tracking-pixel-repository.js';
import { FakeWebhookRepository } from './webhook-repository.js';
import { FakeTemplateRepository } from './template-repository.js';
import { FakeTotpDeviceRepository } from './totp-device-repository.js';
import { FakeRulesetRepository } from './ruleset-repository.js';
import { FakeForwarderRepository } from './forwarder-repository.js';
import { FakeReplierRepository } from './replier-repository.js';
import { FakeOptInIdentityRepository } from './opt-in-identity-repository.js';
import { FakePlusAddressRepository } from './plus-address-repository.js';
import { FakePhonePoolRepository } from './phone-pool-repository.js';
import { FakePostmasterRepository } from './postmaster-repository.js';

export interface FakeRepositories extends Repositories {
  aliases: FakeAliasRepository;
  inboxes: FakeInboxRepository;
  domains: FakeDomainRepository;
  expiredInboxes: FakeExpiredInboxRepository;
  emails: FakeEmailRepository;
  sent: FakeSentEmailRepository;
  attachments: FakeAttachmentRepository;
  bounces: FakeBounceRepository;
  trackingPixels: FakeTrackingPixelRepository;
  webhooks: FakeWebhookRepository;
  serverSecrets: FakeServerSecretRepository;
  templates: FakeTemplateRepository;
  totpDevices: FakeTotpDeviceRepository;
  contacts: FakeContactRepository;
  rulesets: FakeRulesetRepository;
  forwarders: FakeForwarderRepository;
  repliers: FakeReplierRepository;
  optInIdentities: FakeOptInIdentityRepository;
  plusAddresses: FakePlusAddressRepository;
  phonePools: FakePhonePoolRepository;
  customDomains: FakeCustomDomainRepository;
  postmaster: FakePostmasterRepository;
}

export function fakeRepositories(tables: MemoryTables = new MemoryTables()): FakeRepositories {
  return {
    inboxes: new FakeInboxRepository(tables),
    domains: new FakeDomainRepository(tables),
    expiredInboxes: new FakeExpiredInboxRepository(tables),
    emails: new FakeEmailRepository(tables),
    sent: new FakeSentEmailRepository(tables),
    attachments: new FakeAttachmentRepository(tables),
    bounces: new FakeBounceRepository(tables),
    trackingPixels: new FakeTrackingPixelRepository(tables),
    webhooks: new FakeWebhookRepository(tables),
    serverSecrets: new FakeServerSecretRepository(),
    templates: new FakeTemplateRepository(tables),
    totpDevices: new FakeTotpDeviceRepository(tables),
    contacts: new FakeContactRepository(),
    rulesets: new FakeRulesetRepository(),
    forwarders: new FakeForwarderRepository(),
    repliers: new FakeReplierRepository(),
    optInIdentities: new FakeOptInIdentityRepository(),
    plusAddresses: new FakePlusAddressRepository(),
    users: notFakedRepository<UserRepository>('users'),
    organizations: notFakedRepository<OrganizationRepository>('organizations'),
    teamAccess: notFakedRepository<TeamAccessRepository>('teamAccess'),
    customDomains: new FakeCustomDomainRepository(tables),
    scim: notFakedRepository<ScimRepository>('scim'),
    apiKeys: notFakedRepository<ApiKeyRepository>('apiKeys'),
    auditLogs: new FakeAuditLogRepository(),
    mailCredentials: notFakedRepository<MailCredentialRepository>('mailCredentials'),
    missedEmails: notFakedRepository<MissedEmailRepository>('missedEmails'),
    threads: notFakedRepository<ThreadRepository>('threads'),
    schedulerLocks: notFakedRepository<SchedulerLocks>('schedulerLocks'),
    imapMailboxes: notFakedRepository<ImapMailboxRepository>('imapMailboxes'),
    sendQueue: notFakedRepository<SendQueueRepository>('sendQueue'),
    domainEvents: notFakedRepository<DomainEventRepository>('domainEvents'),
    automationJobs: notFakedRepository<AutomationJobRepository>('automationJobs'),
    aliases: new FakeAliasRepository(),
    phoneNumbers: notFakedRepository<PhoneNumberRepository>('phoneNumbers'),
    sms: notFakedRepository<SmsRepository>('sms'),
    sentSms: notFakedRepository<SentSmsRepository>('sentSms'),
    phoneReleases: notFakedRepository<PhoneNumberReleaseRepository>('phoneReleases'),
    provisioningJobs: notFakedRepository<ProvisioningJobRepository>('provisioningJobs'),
    phoneInventory: notFakedRepository<PhoneInventoryRepository>('phoneInventory'),
    phoneAccounts: notFakedRepository<PhoneAccountRepository>('phoneAccounts'),
    phonePools: new FakePhonePoolRepository(),
    phoneThreads: notFakedRepository<PhoneThreadRepository>('phoneThreads'),
    smsMedia: notFakedRepository<SmsMediaRepository>('smsMedia'),
    missedSms: notFakedRepository<MissedSmsRepository>('missedSms'),
    guestPortals: new FakeGuestPortalRepository(),
    warmup: new FakeWarmupRepository(),
    senderSeats: new FakeSenderSeatRepository(),
    inboxRetention: notFakedRepository<InboxRetentionRepository>('inboxRetention'),
    emailRetention: notFakedRepository<EmailRetentionRepository>('emailRetention'),
    spamEmails: notFakedRepository<SpamEmailRepository>('spamEmails'),
    spamScores: notFakedRepository<SpamScoreRepository>('spamScores'),
    userEntities: notFakedRepository<UserEntityRepository>('userEntities'),
    exports: notFakedRepository<ExportRepository>('exports'),
    mailAuthResults: notFakedRepository<MailAuthResultRepository>('mailAuthResults'),
    postmaster: new FakePostmasterRepository(),
    domainMonitors: notFakedRepository<DomainMonitorRepository>('domainMonitors'),
    emailAudits: notFakedRepository<EmailAuditRepository>('emailAudits'),
    inboxPlacementTests: notFakedRepository<InboxPlacementRepository>('inboxPlacementTests'),
    deviceRenderTests: notFakedRepository<DeviceRenderTestRepository>('deviceRenderTests'),
    campaignProbes: notFakedRepository<CampaignProbeRepository>('campaignProbes'),
    deliverabilityTests: notFakedRepository<DeliverabilityTestRepository>('deliverabilityTests'),
    devicePreviewIngest: notFakedRepository<DevicePreviewIngestRepository>('devicePreviewIngest'),
    reputation: notFakedRepository<ReputationRepository>('reputation'),
    emailValidations: notFakedRepository<EmailValidationRepository>('emailValidations'),
    devicePreviews: notFakedRepository<DevicePreviewRepository>('devicePreviews'),
    chaos: notFakedRepository<ChaosRepository>('chaos'),
    serverGauges: notFakedRepository<ServerGaugeRepository>('serverGauges'),
  };
}

/** A Store over fake repositories: one node (no notifications), always answering. */
export function fakeStore(repos: Repositories = fakeRepositories()): Store {
  return {
    // single-node like SQLite: nothing reads the dialect of a store built for services
    dialect: 'sqlite',
    repos,
    ping: async () => true,
    close: async () => undefined,
  };
}
