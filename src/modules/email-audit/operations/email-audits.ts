import { Type } from '@sinclair/typebox';
import { EmailIdParams } from '../../email/email.schemas.js';
import { toEmailAuditDto } from '../email-audit.dto.js';
import { CheckEmailAuditOptions, EmailAuditAnalysisResult, EmailAuditDto } from '../email-audit.schemas.js';
import { emailAuditOfEmailOperation, toolsAuditOperation } from './define.js';

const WHAT = 'links and images fetched through the private-address guard, HTML validation, email-client support (caniemail) and accessibility';

export const checkEmailAudit = toolsAuditOperation({
  operationId: 'checkEmailAudit', method: 'POST', path: '/tools/check-email-audit',
  summary: `Audit the given HTML or text without storing it: ${WHAT}, with the verdicts given`,
  body: Type.Ref(CheckEmailAuditOptions),
  response: Type.Ref(EmailAuditAnalysisResult),
  handler: async ({ body }, { emailAudits }) => emailAudits.analyze(body),
});

export const checkEmailAudit1 = emailAuditOfEmailOperation({
  operationId: 'checkEmailAudit1', method: 'POST', path: '/emails/{emailId}/check-email-audit',
  summary: `Audit a received email without storing the result: ${WHAT}, with the SPF/DKIM/DMARC verdicts found when it came in`,
  params: EmailIdParams,
  response: Type.Ref(EmailAuditAnalysisResult),
  handler: async ({ tenantId, params }, { emailAudits }) => (await emailAudits.analyzeEmail(tenantId, params.emailId)).analysis,
});

export const createEmailAuditForEmail = emailAuditOfEmailOperation({
  operationId: 'createEmailAuditForEmail', method: 'POST', path: '/emails/{emailId}/audit',
  summary: 'Audit a received email as checkEmailAudit1 does and store the result (EmailAuditController lists and compares stored audits)',
  params: EmailIdParams,
  response: Type.Ref(EmailAuditDto),
  handler: async ({ tenantId, params }, { emailAudits }) => toEmailAuditDto(await emailAudits.createForEmail(tenantId, params.emailId)),
});
