import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toEmail } from '../email.dto.js';
import { Email, EmailIdParams } from '../email.schemas.js';

export const getEmail = emailOperation({
  operationId: 'getEmail', method: 'GET', path: '/emails/{emailId}',
  summary: 'The full email (parsed body, headers, attachment ids); marks it read',
  params: EmailIdParams,
  response: Type.Ref(Email),
  handler: async ({ tenantId, params }, { emails }) => toEmail(await emails.get(tenantId, params.emailId)),
});
