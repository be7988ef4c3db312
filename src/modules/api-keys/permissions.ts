/**
 * What an agent-scoped API key may do. Every operation needs exactly one permission, derived
 * here and nowhere else: from the operation's controller (its OpenAPI tag) and method (GET =
 * the family's read permission; anything else its manage permission, or its send permission
 * for sends), with explicit exceptions by operationId below, or a `permission` on the
 * descriptor itself (which wins). An operation whose tag is in no family has no permission:
 * the coverage test fails, and a scoped key is refused it.
 */
import type { Operation } from '../../core/operation.js';

export const PERMISSIONS = {
  INBOX_READ: 'read inboxes and their settings (getInboxes, getInbox, expired inboxes, ...)',
  INBOX_MANAGE: 'create, change and delete inboxes',
  EMAIL_READ: 'read received and sent mail, attachments, bounces, tracking, missed email, IMAP, and wait for mail (waitFor*, the /events stream)',
  EMAIL_MANAGE: 'delete, mark, import and otherwise change received and sent mail and attachments',
  EMAIL_SEND: 'send, reply to and forward email (sendEmail, sendEmailWithQueue, replyToEmail, ...)',
  WEBHOOK_READ: 'read webhooks and their results',
  WEBHOOK_MANAGE: 'create, change, test, redrive and delete webhooks',
  AUTOMATION_READ: 'read rulesets, forwarders, repliers, aliases, templates, consent, scheduled sends, AI transformers and connectors',
  AUTOMATION_MANAGE: 'create, change and delete those automations',
  CONTACT_READ: 'read contacts and contact groups',
  CONTACT_MANAGE: 'create, change and delete contacts and groups',
  PHONE_READ: 'read phone numbers, pools, threads and the phone inventory',
  PHONE_MANAGE: 'create, change, release and lease phone numbers',
  SMS_READ: 'read received and sent SMS and missed SMS, and wait for SMS',
  SMS_MANAGE: 'delete and mark SMS',
  SMS_SEND: 'send and reply to SMS',
  DOMAIN_READ: 'read domains, domain monitors and their runs',
  DOMAIN_MANAGE: 'create, verify, change and delete domains and domain monitors',
  DELIVERABILITY_READ: 'read deliverability and placement tests, device previews, campaign probes, warmup programs and sender seats',
  DELIVERABILITY_MANAGE: 'create, run and delete those',
  TOOLS: 'the tools: DNS lookups, email verification, mail server checks',
  ACCOUNT_READ: 'read the account: user info, API keys (no secrets), the audit log, exports, guest portals, MFA devices',
  ACCOUNT_MANAGE: 'change the account: API keys, user settings, exports, guest portals, MFA devices, organisation members',
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];
export const isPermission = (name: string): name is Permission => Object.hasOwn(PERMISSIONS, name);

interface Family {
  read: Permission;
  manage: Permission;
  send?: Permission;
}

const INBOX: Family = { read: 'INBOX_READ', manage: 'INBOX_MANAGE', send: 'EMAIL_SEND' };
const EMAIL: Family = { read: 'EMAIL_READ', manage: 'EMAIL_MANAGE', send: 'EMAIL_SEND' };
const WEBHOOK: Family = { read: 'WEBHOOK_READ', manage: 'WEBHOOK_MANAGE' };
const AUTOMATION: Family = { read: 'AUTOMATION_READ', manage: 'AUTOMATION_MANAGE', send: 'EMAIL_SEND' };
const CONTACT: Family = { read: 'CONTACT_READ', manage: 'CONTACT_MANAGE' };
const PHONE: Family = { read: 'PHONE_READ', manage: 'PHONE_MANAGE', send: 'SMS_SEND' };
const SMS: Family = { read: 'SMS_READ', manage: 'SMS_MANAGE', send: 'SMS_SEND' };
const DOMAIN: Family = { read: 'DOMAIN_READ', manage: 'DOMAIN_MANAGE' };
const DELIVERABILITY: Family = { read: 'DELIVERABILITY_READ', manage: 'DELIVERABILITY_MANAGE', send: 'EMAIL_SEND' };
const TOOLS: Family = { read: 'TOOLS', manage: 'TOOLS' };
const ACCOUNT: Family = { read: 'ACCOUNT_READ', manage: 'ACCOUNT_MANAGE' };

/** Every controller of the official client (44), and this server's own tags. */
export const CONTROLLER_FAMILIES: Readonly<Record<string, Family>> = {
  AIController: AUTOMATION,
  AliasController: AUTOMATION,
  ApiAuditLogController: ACCOUNT,
  ApiInboxPlacementTestController: DELIVERABILITY,
  AttachmentController: EMAIL,
  BounceController: EMAIL,
  BulkActionsController: INBOX,
  CampaignProbeController: DELIVERABILITY,
  ChaosController: INBOX,
  CommonActionsController: EMAIL,
  ConnectorController: AUTOMATION,
  ConsentController: AUTOMATION,
  ContactController: CONTACT,
  DeliverabilityTestController: DELIVERABILITY,
  DevicePreviewsController: DELIVERABILITY,
  DomainController: DOMAIN,
  DomainMonitorController: DOMAIN,
  DomainMonitorPostmasterController: DOMAIN,
  EmailAuditController: EMAIL,
  EmailController: EMAIL,
  EmailVerificationController: TOOLS,
  ExpiredController: INBOX,
  ExportController: ACCOUNT,
  FormController: EMAIL,
  GroupController: CONTACT,
  GuestPortalController: ACCOUNT,
  ImapController: EMAIL,
  InboxController: INBOX,
  InboxForwarderController: AUTOMATION,
  InboxReplierController: AUTOMATION,
  MFAController: ACCOUNT,
  MailServerController: TOOLS,
  MissedEmailController: EMAIL,
  MissedSmsController: SMS,
  PhoneController: PHONE,
  RulesetController: AUTOMATION,
  SentEmailsController: EMAIL,
  SmsController: SMS,
  SpamEmailController: EMAIL,
  // Pigeonhole's own: a received email's SpamAssassin score (modules/spam)
  SpamScore: EMAIL,
  TemplateController: AUTOMATION,
  ToolsController: TOOLS,
  TrackingController: EMAIL,
  UserController: ACCOUNT,
  WaitForController: EMAIL,
  WebhookController: WEBHOOK,
  // Controllers of the spec the client names differently, and this server's own tags.
  EmailWarmupController: DELIVERABILITY,
  SendingConnectionsController: DELIVERABILITY,
  ApiKeyController: ACCOUNT,
  OrganizationAdmin: ACCOUNT,
  OrganizationMembers: ACCOUNT,
  SCIM: ACCOUNT,
  EventStream: EMAIL,
  TLS: ACCOUNT,
};

/** Where the controller's rule picks the wrong permission. */
const OVERRIDES: Readonly<Record<string, Permission>> = {
  // Inbox controller operations about mail, not the inbox.
  getEmails: 'EMAIL_READ', getInboxEmailsPaginated: 'EMAIL_READ', getInboxEmailCount: 'EMAIL_READ', getLatestEmailInInbox: 'EMAIL_READ',
  getInboxSentEmails: 'EMAIL_READ', getAllInboxSentEmails: 'EMAIL_READ', getInboxSentEmailsCount: 'EMAIL_READ', searchInboxSentEmails: 'EMAIL_READ',
  deleteAllInboxEmails: 'EMAIL_MANAGE', deleteAllInboxSentEmails: 'EMAIL_MANAGE', deleteAllInboxEmailsAndSentEmails: 'EMAIL_MANAGE',
  getScheduledJobs: 'AUTOMATION_READ', getScheduledJobsByInboxId: 'AUTOMATION_READ', getScheduledJob: 'AUTOMATION_READ',
  cancelScheduledJob: 'AUTOMATION_MANAGE', getInboxRulesets: 'AUTOMATION_READ', createInboxRuleset: 'AUTOMATION_MANAGE',
  doesInboxHaveAutomations: 'AUTOMATION_READ',
  getImapSmtpAccess: 'INBOX_READ', getImapSmtpAccessEnv: 'INBOX_READ', getImapSmtpAccessServers: 'INBOX_READ', getImapAccess: 'INBOX_READ',
  getSmtpAccess: 'INBOX_READ', updateImapAccess: 'INBOX_MANAGE', updateSmtpAccess: 'INBOX_MANAGE',
  // Common actions that make inboxes.
  createNewEmailAddress: 'INBOX_MANAGE', createRandomInbox: 'INBOX_MANAGE', emptyInbox: 'EMAIL_MANAGE',
  // Phone controller operations about SMS.
  getSmsByPhoneNumber: 'SMS_READ', getSentSmsByPhoneNumber: 'SMS_READ',
  // Webhook test sends change nothing of the mail but are the webhook's own.
  sendTestData: 'WEBHOOK_MANAGE',
  sendOptInConsentForEmailAddress: 'EMAIL_SEND',
  // A simulation job sends mail (or SMS) to every entity of the test: a key that may not send may not start or resume one.
  createDeliverabilitySimulationJob: 'EMAIL_SEND', resumeDeliverabilitySimulationJob: 'EMAIL_SEND',
  waitForSms: 'SMS_READ', waitForLatestSms: 'SMS_READ',
  testInboxRulesetsForInbox: 'AUTOMATION_READ', testNewInboxRuleset: 'AUTOMATION_READ', testInboxRuleset: 'AUTOMATION_READ',
  testInboxForwarder: 'AUTOMATION_READ', testInboxForwardersForInbox: 'AUTOMATION_READ', testNewInboxForwarder: 'AUTOMATION_READ',
};

/** Operations that only read although they are POSTs (searches, waits, checks, previews). */
const READ_NAME = /^(search|get|list|count|query|find|waitFor|lookup|describe|is[A-Z]|has[A-Z]|does[A-Z]|can[A-Z]|check|validate|preview|test[A-Z]\w*Rule)/;
/** Operations that send mail or SMS. */
const SEND_NAME = /^(send|reply|forward|resend)/;

/**
 * The permission of an operation; undefined when its controller is in no family (the coverage
 * test then fails). Public and admin operations have one too, but a scoped key never reaches them.
 */
export function permissionOf(op: Pick<Operation, 'operationId' | 'method' | 'tag' | 'permission'>): Permission | undefined {
  if (op.permission && isPermission(op.permission)) return op.permission;
  const override = OVERRIDES[op.operationId];
  if (override) return override;
  const family = CONTROLLER_FAMILIES[op.tag];
  if (!family) return undefined;
  if (op.method === 'GET') return family.read;
  if (family.send && SEND_NAME.test(op.operationId)) return family.send;
  if (READ_NAME.test(op.operationId)) return family.read;
  return family.manage;
}
