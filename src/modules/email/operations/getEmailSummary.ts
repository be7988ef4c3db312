import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toEmailPreview } from '../email.dto.js';
import { EmailIdParams, EmailPreview } from '../email.schemas.js';

export const getEmailSummary = emailOperation({
  operationId: 'getEmailSummary', method: 'GET', path: '/emails/{emailId}/summary',
  summary: 'Headers and metadata of an email, without the body; does not mark it read',
  params: EmailIdParams,
  query: Type.Object({
    decode: Type.Optional(Type.Boolean({ description: 'accepted for compatibility: encoded words are always decoded' })),
  }),
  response: Type.Ref(EmailPreview),
  handler: async ({ tenantId, params }, { content }) => toEmailPreview(await content.summary(tenantId, params.emailId)),
});
