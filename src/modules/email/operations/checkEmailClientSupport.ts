import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { CheckEmailClientSupportOptions, CheckEmailClientSupportResults } from '../client-support.schemas.js';

/** checkEmailBodyFeatureSupport for HTML the caller gives (nothing is stored). */
export const checkEmailClientSupport = emailOperation({
  operationId: 'checkEmailClientSupport', method: 'POST', path: '/emails/check-email-client-support',
  summary: 'The HTML and CSS features the given HTML uses and their support in each email client, from the caniemail.com data '
    + '(@jsx-email/doiuse-email)',
  body: Type.Ref(CheckEmailClientSupportOptions),
  response: Type.Ref(CheckEmailClientSupportResults),
  handler: async ({ body }, { content }) => ({ result: await content.clientSupport(body.emailBody) }),
});
