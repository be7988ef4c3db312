import type pg from 'pg';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { Repositories } from '../ports.js';
import { serverGaugeRepository } from './server-gauge-repository.js';
import { organizationRepository } from './organization-repository.js';
import { teamAccessRepository } from './team-access-repository.js';
import { scimRepository } from './scim-repository.js';
import { mailAuthResultRepository } from './mail-auth-repository.js';
import { postmasterRepository } from './postmaster-repository.js';
import { userRepository } from './user-repository.js';
import { apiKeyRepository } from './api-key-repository.js';
import { auditLogRepository } from './audit-log-repository.js';
import { inboxRepository } from './inbox-repository.js';
import { domainRepository } from './domain-repository.js';
import { customDomainRepository } from './custom-domain-repository.js';
import { emailRepository } from './email-repository.js';
import { attachmentRepository } from './attachment-repository.js';
import { sentEmailRepository } from './sent-email-repository.js';
import { mailCredentialRepository } from './mail-credential-repository.js';
import { expiredInboxRepository } from './expired-inbox-repository.js';
import { missedEmailRepository } from './missed-email-repository.js';
import { bounceRepository } from './bounce-repository.js';
import { reputationRepository } from './reputation-repository.js';
import { threadRepository } from './thread-repository.js';
import { schedulerLocks } from './dialect/locks.js';
import { webhookRepository } from './webhook-repository.js';
import { imapMailboxRepository } from './imap-mailbox-repository.js';
import { sendQueueRepository } from './send-queue-repository.js';
import { automationJobRepository } from './automation-job-repository.js';
import { trackingPixelRepository } from './tracking-pixel-repository.js';
import { domainEventRepository } from './domain-event-repository.js';
import { serverSecretRepository } from './server-secret-repository.js';
import { templateRepository } from './template-repository.js';
import { guestPortalRepository, senderSeatRepository, warmupRepository } from './portals-repository.js';
import { totpDeviceRepository } from './totp-device-repository.js';
import { phoneNumberRepository } from './phone-number-repository.js';
import { smsRepository } from './sms-repository.js';
import { sentSmsRepository } from './sent-sms-repository.js';
import { phoneAccountRepository, phoneInventoryRepository, phoneNumberReleaseRepository, provisioningJobRepository } from './phone-inventory-repository.js';
import { phonePoolRepository } from './phone-pool-repository.js';
import { domainMonitorRepository } from './domain-monitor-repository.js';
import { emailAuditRepository } from './email-audit-repository.js';
import { inboxPlacementRepository } from './inbox-placement-repository.js';
import { deviceRenderTestRepository } from './device-render-test-repository.js';
import { campaignProbeRepository } from './campaign-probe-repository.js';
import { deliverabilityTestRepository } from './deliverability-test-repository.js';
import { devicePreviewIngestRepository } from './device-preview-ingest-repository.js';
import { emailValidationRepository } from './email-validation-repository.js';
import { devicePreviewRepository } from './device-preview-repository.js';
import { phoneThreadRepository } from './phone-thread-repository.js';
import { smsMediaRepository } from './sms-media-repository.js';
import { missedSmsRepository } from './missed-sms-repository.js';
import { contactRepository } from './contact-repository.js';
import { aliasRepository } from './alias-repository.js';
import { rulesetRepository } from './ruleset-repository.js';
import { forwarderRepository } from './forwarder-repository.js';
import { replierRepository } from './replier-repository.js';
import { optInIdentityRepository } from './opt-in-identity-repository.js';
import { plusAddressRepository } from './plus-address-repository.js';
import { inboxRetentionRepository } from './inbox-retention-repository.js';
import { emailRetentionRepository } from './email-retention-repository.js';
import { spamEmailRepository } from './spam-email-repository.js';
import { spamScoreRepository } from './spam-score-repository.js';
import { userEntityRepository } from './user-entity-repository.js';
import { exportRepository } from './export-repository.js';
import { chaosRepository } from './chaos-repository.js';

/** The plain Kysely repositories; openStore (database.ts) adds group-committed ingest. */
export function createRepositories(db: Kysely<Database>, options: { pgPool?: pg.Pool } = {}): Repositories {
  return {
    users: userRepository(db),
    organizations: organizationRepository(db),
    teamAccess: teamAccessRepository(db),
    scim: scimRepository(db),
    mailAuthResults: mailAuthResultRepository(db),
    postmaster: postmasterRepository(db),
    apiKeys: apiKeyRepository(db),
    auditLogs: auditLogRepository(db),
    inboxes: inboxRepository(db),
    domains: domainRepository(db),
    customDomains: customDomainRepository(db),
    emails: emailRepository(db, { pgPool: options.pgPool }),
    attachments: attachmentRepository(db),
    sent: sentEmailRepository(db),
    mailCredentials: mailCredentialRepository(db),
    expiredInboxes: expiredInboxRepository(db),
    missedEmails: missedEmailRepository(db),
    bounces: bounceRepository(db),
    reputation: reputationRepository(db),
    threads: threadRepository(db),
    schedulerLocks: schedulerLocks(db),
    webhooks: webhookRepository(db),
    imapMailboxes: imapMailboxRepository(db),
    sendQueue: sendQueueRepository(db),
    automationJobs: automationJobRepository(db),
    trackingPixels: trackingPixelRepository(db),
    domainEvents: domainEventRepository(db),
    serverSecrets: serverSecretRepository(db),
    templates: templateRepository(db),
    guestPortals: guestPortalRepository(db),
    warmup: warmupRepository(db),
    senderSeats: senderSeatRepository(db),
    totpDevices: totpDeviceRepository(db),
    contacts: contactRepository(db),
    aliases: aliasRepository(db),
    rulesets: rulesetRepository(db),
    forwarders: forwarderRepository(db),
    repliers: replierRepository(db),
    optInIdentities: optInIdentityRepository(db),
    plusAddresses: plusAddressRepository(db),
    inboxRetention: inboxRetentionRepository(db),
    emailRetention: emailRetentionRepository(db),
    spamEmails: spamEmailRepository(db),
    spamScores: spamScoreRepository(db),
    userEntities: userEntityRepository(db),
    exports: exportRepository(db),
    phoneNumbers: phoneNumberRepository(db),
    sms: smsRepository(db),
    sentSms: sentSmsRepository(db),
    phoneReleases: phoneNumberReleaseRepository(db),
    provisioningJobs: provisioningJobRepository(db),
    phoneInventory: phoneInventoryRepository(db),
    phoneAccounts: phoneAccountRepository(db),
    phonePools: phonePoolRepository(db),
    phoneThreads: phoneThreadRepository(db),
    smsMedia: smsMediaRepository(db),
    missedSms: missedSmsRepository(db),
    domainMonitors: domainMonitorRepository(db),
    emailAudits: emailAuditRepository(db),
    inboxPlacementTests: inboxPlacementRepository(db),
    deviceRenderTests: deviceRenderTestRepository(db),
    campaignProbes: campaignProbeRepository(db),
    deliverabilityTests: deliverabilityTestRepository(db),
    devicePreviewIngest: devicePreviewIngestRepository(db),
    emailValidations: emailValidationRepository(db),
    devicePreviews: devicePreviewRepository(db),
    chaos: chaosRepository(db),
    serverGauges: serverGaugeRepository(db),
  };
}
