import { Type } from '@sinclair/typebox';
import { toEmailAuditDto } from '../email-audit.dto.js';
import { AuditListQuery, AuditParams, CompareParams, CreateEmailAuditOptions, EmailAuditComparisonDto, EmailAuditDto } from '../email-audit.schemas.js';
import { emailAuditOperation } from './define.js';

export const createEmailAudit = emailAuditOperation({
  operationId: 'createEmailAudit', method: 'POST', path: '/email-audits',
  summary: 'Audit the given HTML or text (links and images fetched, HTML validation, email-client support, accessibility) and store the result',
  body: Type.Ref(CreateEmailAuditOptions),
  response: Type.Ref(EmailAuditDto),
  handler: async ({ tenantId, body }, { emailAudits }) => toEmailAuditDto(await emailAudits.create(tenantId, body)),
});

export const getEmailAudits = emailAuditOperation({
  operationId: 'getEmailAudits', method: 'GET', path: '/email-audits',
  summary: 'List your stored email audits, newest first',
  query: AuditListQuery,
  response: Type.Array(Type.Ref(EmailAuditDto)),
  handler: async ({ tenantId, query }, { emailAudits }) => (await emailAudits.list(tenantId, {
    emailId: query.emailId, since: query.since ? new Date(query.since) : undefined, before: query.before ? new Date(query.before) : undefined,
    limit: query.limit ?? 50,
  })).map(toEmailAuditDto),
});

export const getEmailAudit = emailAuditOperation({
  operationId: 'getEmailAudit', method: 'GET', path: '/email-audits/{auditId}',
  summary: 'Get a stored email audit',
  params: AuditParams,
  response: Type.Ref(EmailAuditDto),
  handler: async ({ tenantId, params }, { emailAudits }) => toEmailAuditDto(await emailAudits.get(tenantId, params.auditId)),
});

export const deleteEmailAudit = emailAuditOperation({
  operationId: 'deleteEmailAudit', method: 'DELETE', path: '/email-audits/{auditId}',
  summary: 'Delete a stored email audit',
  params: AuditParams,
  status: 204,
  handler: async ({ tenantId, params }, { emailAudits }) => {
    await emailAudits.delete(tenantId, params.auditId);
  },
});

export const compareEmailAudits = emailAuditOperation({
  operationId: 'compareEmailAudits', method: 'GET', path: '/email-audits/{auditId}/compare/{otherAuditId}',
  summary: 'What changed between two stored audits (the older one is the baseline): score and count differences, findings added, removed and unchanged',
  params: CompareParams,
  response: Type.Ref(EmailAuditComparisonDto),
  handler: async ({ tenantId, params }, { emailAudits }) => {
    const comparison = await emailAudits.compare(tenantId, params.auditId, params.otherAuditId);
    return { ...comparison, baseline: toEmailAuditDto(comparison.baseline), current: toEmailAuditDto(comparison.current) };
  },
});
