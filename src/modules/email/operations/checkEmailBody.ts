import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { CheckEmailBodyResults } from '../body-check.schemas.js';
import { EmailIdParams } from '../email.schemas.js';

export const checkEmailBody = emailOperation({
  operationId: 'checkEmailBody', method: 'POST', path: '/emails/{emailId}/check-email-body',
  summary: 'Fetches every link and image of the email from this server (HEAD, then GET) and reports the broken ones with their HTTP status; '
    + 'private and loopback targets are refused as for webhooks; cid: images are checked against the email\'s parts',
  params: EmailIdParams,
  response: Type.Ref(CheckEmailBodyResults),
  handler: async ({ tenantId, params }, { bodyChecks }) => bodyChecks.check(tenantId, params.emailId),
});
