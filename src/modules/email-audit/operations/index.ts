import { compareEmailAudits, createEmailAudit, deleteEmailAudit, getEmailAudit, getEmailAudits } from './audits.js';
import { checkEmailAudit, checkEmailAudit1, createEmailAuditForEmail } from './email-audits.js';

/** EmailAuditController, and the audit operations the client has under EmailController and ToolsController. */
export const emailAuditOperations = [
  createEmailAudit, getEmailAudits, getEmailAudit, deleteEmailAudit, compareEmailAudits,
  checkEmailAudit, checkEmailAudit1, createEmailAuditForEmail,
];
