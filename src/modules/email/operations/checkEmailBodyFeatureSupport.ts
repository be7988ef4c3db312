import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { CheckEmailBodyFeatureSupportResults } from '../client-support.schemas.js';
import { EmailIdParams } from '../email.schemas.js';

/** The HTML check of a stored email (see client-support.ts for where the answers come from). */
export const checkEmailBodyFeatureSupport = emailOperation({
  operationId: 'checkEmailBodyFeatureSupport', method: 'POST', path: '/emails/{emailId}/check-email-body-feature-support',
  summary: 'The HTML and CSS features the email\'s HTML body uses and their support in each email client, from the caniemail.com data '
    + '(@jsx-email/doiuse-email); an email without an HTML body uses none',
  params: EmailIdParams,
  response: Type.Ref(CheckEmailBodyFeatureSupportResults),
  handler: async ({ tenantId, params }, { content }) => ({ result: await content.emailClientSupport(tenantId, params.emailId) }),
});
