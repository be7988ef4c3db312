import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { ContentMatchOptions, EmailContentMatchResult } from '../content.schemas.js';
import { EmailIdParams } from '../email.schemas.js';

export const getEmailContentMatch = emailOperation({
  operationId: 'getEmailContentMatch', method: 'POST', path: '/emails/{emailId}/contentMatch',
  summary: 'The first match of a Java-style regex in the body, followed by its groups',
  params: EmailIdParams,
  body: Type.Ref(ContentMatchOptions),
  response: Type.Ref(EmailContentMatchResult),
  handler: async ({ tenantId, params, body }, { content }) => content.contentMatch(tenantId, params.emailId, body.pattern),
});
