import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { EmailLinksResult } from '../content.schemas.js';
import { EmailIdParams } from '../email.schemas.js';

export const getEmailLinks = emailOperation({
  operationId: 'getEmailLinks', method: 'GET', path: '/emails/{emailId}/links',
  summary: 'The href of every link in the HTML body (under the elements matching `selector` if given); the URLs of a text-only body',
  params: EmailIdParams,
  query: Type.Object({
    selector: Type.Optional(Type.String({ maxLength: 2000, description: 'CSS selector of the elements (or their links) to take hrefs from' })),
  }),
  response: Type.Ref(EmailLinksResult),
  handler: async ({ tenantId, params, query }, { content }) => content.links(tenantId, params.emailId, query.selector),
});
