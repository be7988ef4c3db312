import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { EmailTextLinesResult } from '../content.schemas.js';
import { EmailIdParams } from '../email.schemas.js';

export const getEmailHTMLQuery = emailOperation({
  operationId: 'getEmailHTMLQuery', method: 'GET', path: '/emails/{emailId}/htmlQuery',
  summary: 'The text of each element of the HTML body matching a CSS selector, one line per element',
  params: EmailIdParams,
  query: Type.Object({
    htmlSelector: Type.String({ minLength: 1, maxLength: 2000, description: 'CSS selector, e.g. `p.code` or `table td:nth-child(2)`' }),
  }),
  response: Type.Ref(EmailTextLinesResult),
  handler: async ({ tenantId, params, query }, { content }) => content.htmlQuery(tenantId, params.emailId, query.htmlSelector),
});
