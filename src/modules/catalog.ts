/**
 * Every operation of the API and every model schema its operations reference, by module.
 * Adding a module is one line in each list; adding an operation is one line in the
 * module's own list (its operations/index.ts).
 */
import type { TSchema } from '@sinclair/typebox';
import type { Operation } from '../core/operation.js';
import type { Services } from './services.js';
import { CountDto, ErrorBody } from './shared/schemas.js';
import { UserInfoDto } from './user/user.schemas.js';
import { userOperations } from './user/operations/index.js';
import { adminModelSchemas } from './admin/admin.schemas.js';
import { adminOperations } from './admin/operations/index.js';
import { inboxModelSchemas } from './inbox/inbox.schemas.js';
import { inboxOperations } from './inbox/operations/index.js';
import { eventStreamOperations } from './events/operations/index.js';
import { waitForOperations } from './waitfor/operations/index.js';
import { webhookOperations } from './webhooks/operations/index.js';
import { trackingOperations } from './tracking/operations/index.js';
import { emailOperations } from './email/operations/index.js';
import { expiredOperations } from './expired/operations/index.js';
import { missedOperations } from './missed/operations/index.js';
import { missedSmsOperations } from './missed-sms/operations/index.js';
import { bounceOperations } from './bounce/operations/index.js';
import { sendingOperations } from './sending/operations/index.js';
import { attachmentOperations } from './attachment/operations/index.js';
import { accessOperations } from './access/operations/index.js';
import { imapOperations } from './imap/operations/index.js';
import { tlsOperations } from './tls/operations/index.js';
import { commonActionsOperations } from './common-actions/operations/index.js';
import { bulkActionsOperations } from './bulk-actions/operations/index.js';
import { templateOperations } from './template/operations/index.js';
import { guestPortalOperations } from './guest-portal/operations/index.js';
import { senderSeatOperations } from './sender-seats/operations/index.js';
import { warmupOperations } from './warmup/operations/index.js';
import { mfaOperations } from './mfa/operations/index.js';
import { contactOperations } from './contacts/operations/index.js';
import { phoneOperations } from './phone/operations/index.js';
import { phonePoolOperations } from './phone-pool/operations/index.js';
import { domainMonitorOperations } from './domain-monitor/operations/index.js';
import { devicePreviewOperations } from './device-previews/operations/index.js';
import { emailAuditOperations } from './email-audit/operations/index.js';
import { inboxPlacementOperations } from './inbox-placement/operations/index.js';
import { deviceRenderTestOperations } from './device-render-tests/operations/index.js';
import { campaignProbeOperations } from './campaign-probe/operations/index.js';
import { deliverabilityOperations } from './deliverability/operations/index.js';
import { DeleteResult } from './deliverability/operations/tests.js';
import { emailVerificationOperations } from './email-verification/operations/index.js';
import { smsOperations } from './sms/operations/index.js';
import { phoneInventoryOperations } from './phone-inventory/operations/index.js';
import { smsSinkOperations } from './sms-sink/operations/index.js';
import { aliasOperations } from './alias/operations/index.js';
import { rulesetOperations } from './ruleset/operations/index.js';
import { forwarderOperations } from './forwarder/operations/index.js';
import { replierOperations } from './replier/operations/index.js';
import { consentOperations } from './consent/operations/index.js';
import { plusAddressOperations } from './plus-address/operations/index.js';
import { postmasterOperations } from './postmaster/operations/index.js';
import { postmasterModelSchemas } from './postmaster/postmaster.schemas.js';
import { doesInboxHaveAutomations } from './automations/operations/doesInboxHaveAutomations.js';
import { scheduledOperations } from './scheduled/operations/index.js';
import { domainOperations } from './domain/operations/index.js';
import { domainModelSchemas } from './domain/domain.schemas.js';
import { emailModelSchemas } from './email/email.schemas.js';
import { listingModelSchemas } from './email/listing.schemas.js';
import { contentModelSchemas } from './email/content.schemas.js';
import { importModelSchemas } from './email/import.schemas.js';
import { validationModelSchemas } from './email/validation.schemas.js';
import { bodyCheckModelSchemas } from './email/body-check.schemas.js';
import { clientSupportModelSchemas } from './email/client-support.schemas.js';
import { sendingModelSchemas } from './sending/sending.schemas.js';
import { sendQueueModelSchemas } from './sending/queue.schemas.js';
import { forwardAndCheckModelSchemas } from './sending/forward-and-check.schemas.js';
import { attachmentModelSchemas } from './attachment/attachment.schemas.js';
import { expiredModelSchemas } from './expired/expired.schemas.js';
import { missedModelSchemas } from './missed/missed.schemas.js';
import { missedSmsModelSchemas } from './missed-sms/missed-sms.schemas.js';
import { bounceModelSchemas } from './bounce/bounce.schemas.js';
import { reputationModelSchemas } from './bounce/reputation.schemas.js';
import { accessModelSchemas } from './access/access.schemas.js';
import { imapModelSchemas } from './imap/imap.schemas.js';
import { waitForModelSchemas } from './waitfor/waitfor.schemas.js';
import { webhookModelSchemas } from './webhooks/webhooks.schemas.js';
import { trackingModelSchemas } from './tracking/tracking.schemas.js';
import { commonActionsModelSchemas } from './common-actions/common-actions.schemas.js';
import { bulkActionsModelSchemas } from './bulk-actions/bulk-actions.schemas.js';
import { templateModelSchemas } from './template/template.schemas.js';
import { guestPortalModelSchemas } from './guest-portal/guest-portal.schemas.js';
import { senderSeatModelSchemas } from './sender-seats/sender-seats.schemas.js';
import { warmupModelSchemas } from './warmup/warmup.schemas.js';
import { mfaModelSchemas } from './mfa/mfa.schemas.js';
import { contactModelSchemas } from './contacts/contacts.schemas.js';
import { phoneModelSchemas } from './phone/phone.schemas.js';
import { phonePoolModelSchemas } from './phone-pool/phone-pool.schemas.js';
import { domainMonitorModelSchemas } from './domain-monitor/domain-monitor.schemas.js';
import { devicePreviewModelSchemas } from './device-previews/device-previews.schemas.js';
import { dnsToolsModelSchemas } from './dns-tools/dns-tools.schemas.js';
import { dnsToolsOperations } from './dns-tools/operations/index.js';
import { emailAuditModelSchemas } from './email-audit/email-audit.schemas.js';
import { inboxPlacementModelSchemas } from './inbox-placement/placement.schemas.js';
import { deviceRenderTestModelSchemas } from './device-render-tests/device-render-tests.schemas.js';
import { campaignProbeModelSchemas } from './campaign-probe/campaign-probe.schemas.js';
import { deliverabilityModelSchemas } from './deliverability/deliverability.schemas.js';
import { devicePreviewIngestModelSchemas } from './device-previews/ingest.schemas.js';
import { emailVerificationModelSchemas } from './email-verification/email-verification.schemas.js';
import { smsModelSchemas } from './sms/sms.schemas.js';
import { phoneInventoryModelSchemas } from './phone-inventory/phone-inventory.schemas.js';
import { sentSmsModelSchemas } from './sms/sent-sms.schemas.js';
import { aliasModelSchemas } from './alias/alias.schemas.js';
import { rulesetModelSchemas } from './ruleset/ruleset.schemas.js';
import { forwarderModelSchemas } from './forwarder/forwarder.schemas.js';
import { replierModelSchemas } from './replier/replier.schemas.js';
import { consentModelSchemas } from './consent/consent.schemas.js';
import { plusAddressModelSchemas } from './plus-address/plus-address.schemas.js';
import { automationsModelSchemas } from './automations/automations.schemas.js';
import { scheduledModelSchemas } from './scheduled/scheduled.schemas.js';
import { organizationModelSchemas } from './organization/organization.schemas.js';
import { organizationOperations } from './organization/operations/index.js';
import { scimOperations } from './scim/operations/index.js';
import { retentionOperations } from './retention/operations/index.js';
import { chaosOperations } from './chaos/operations/index.js';
import { chaosModelSchemas } from './chaos/chaos.schemas.js';
import { retentionModelSchemas } from './retention/retention.schemas.js';
import { emailRetentionModelSchemas } from './retention/email-retention.schemas.js';
import { spamOperations } from './spam/operations/index.js';
import { spamModelSchemas } from './spam/spam.schemas.js';
import { entitiesModelSchemas } from './user/entities.schemas.js';
import { exportOperations } from './export/operations/index.js';
import { exportModelSchemas } from './export/export.schemas.js';
import { formOperations } from './forms/operations/index.js';
import { apiKeyOperations } from './api-keys/operations/index.js';
import { apiKeyModelSchemas } from './api-keys/api-keys.schemas.js';
import { auditOperations } from './audit/operations/index.js';
import { auditModelSchemas } from './audit/audit.schemas.js';
import { renderOperations } from './render/operations/index.js';
import { renderModelSchemas } from './render/render.schemas.js';
import { mailToolsOperations } from './mail-tools/operations/index.js';
import { mailToolsModelSchemas } from './mail-tools/mail-tools.schemas.js';

export const API_OPERATIONS: ReadonlyArray<Operation<Services>> = [
  ...userOperations,
  ...adminOperations,
  ...inboxOperations,
  ...eventStreamOperations,
  ...waitForOperations,
  ...webhookOperations,
  ...trackingOperations,
  ...emailOperations,
  ...expiredOperations,
  ...missedOperations,
  ...missedSmsOperations,
  ...bounceOperations,
  ...sendingOperations,
  ...attachmentOperations,
  ...accessOperations,
  ...imapOperations,
  ...tlsOperations,
  ...commonActionsOperations,
  ...bulkActionsOperations,
  ...templateOperations,
  ...guestPortalOperations,
  ...senderSeatOperations,
  ...warmupOperations,
  ...contactOperations,
  ...phoneOperations,
  ...phoneInventoryOperations,
  ...phonePoolOperations,
  ...domainMonitorOperations,
  ...devicePreviewOperations,
  ...dnsToolsOperations,
  ...emailAuditOperations,
  ...inboxPlacementOperations,
  ...deviceRenderTestOperations,
  ...campaignProbeOperations,
  ...deliverabilityOperations,
  ...emailVerificationOperations,
  ...smsOperations,
  ...smsSinkOperations,
  ...aliasOperations,
  ...rulesetOperations,
  ...forwarderOperations,
  ...replierOperations,
  ...scheduledOperations,
  ...plusAddressOperations,
  doesInboxHaveAutomations,
  ...consentOperations,
  ...mfaOperations,
  ...domainOperations,
  ...organizationOperations,
  ...scimOperations,
  ...retentionOperations,
  ...spamOperations,
  ...exportOperations,
  ...formOperations,
  ...apiKeyOperations,
  ...auditOperations,
  ...postmasterOperations,
  ...chaosOperations,
  ...renderOperations,
  ...mailToolsOperations,
];

export const API_MODEL_SCHEMAS: readonly TSchema[] = [
  ErrorBody, CountDto, UserInfoDto, ...adminModelSchemas, ...organizationModelSchemas, ...inboxModelSchemas, ...emailModelSchemas,
  ...listingModelSchemas, ...contentModelSchemas, ...importModelSchemas, ...validationModelSchemas, ...bodyCheckModelSchemas, ...clientSupportModelSchemas,
  ...sendingModelSchemas, ...sendQueueModelSchemas, ...forwardAndCheckModelSchemas,
  ...attachmentModelSchemas, ...expiredModelSchemas, ...missedModelSchemas, ...missedSmsModelSchemas, ...bounceModelSchemas, ...reputationModelSchemas,
  ...accessModelSchemas, ...imapModelSchemas, ...waitForModelSchemas, ...webhookModelSchemas, ...trackingModelSchemas,
  ...commonActionsModelSchemas, ...bulkActionsModelSchemas, ...templateModelSchemas, ...guestPortalModelSchemas, ...senderSeatModelSchemas, ...warmupModelSchemas, ...contactModelSchemas, ...phoneModelSchemas, ...phonePoolModelSchemas, ...domainMonitorModelSchemas, ...dnsToolsModelSchemas, ...smsModelSchemas, ...sentSmsModelSchemas,
  ...aliasModelSchemas,
  ...devicePreviewModelSchemas,
  ...phoneInventoryModelSchemas,
  ...rulesetModelSchemas,
  ...mfaModelSchemas,
  ...forwarderModelSchemas, ...replierModelSchemas,
  ...scheduledModelSchemas, ...plusAddressModelSchemas, ...consentModelSchemas, ...automationsModelSchemas,
  ...domainModelSchemas,
  ...retentionModelSchemas, ...emailRetentionModelSchemas, ...spamModelSchemas, ...entitiesModelSchemas, ...exportModelSchemas,
  ...apiKeyModelSchemas, ...auditModelSchemas,
  ...postmasterModelSchemas,
  ...chaosModelSchemas,
  ...emailAuditModelSchemas,
  ...inboxPlacementModelSchemas,
  ...deviceRenderTestModelSchemas,
  ...campaignProbeModelSchemas,
  ...deliverabilityModelSchemas,
  ...devicePreviewIngestModelSchemas,
  DeleteResult,
  ...renderModelSchemas,
  ...mailToolsModelSchemas,
  ...emailVerificationModelSchemas,
];
