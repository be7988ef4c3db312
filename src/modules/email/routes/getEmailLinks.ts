import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { EmailLinksResult } from '../content.schemas.js';
import { EmailIdParams } from '../email.schemas.js';
import { EMAIL_TAG, type ContentRoute } from './content-kit.js';

export const getEmailLinks: ContentRoute = (app, { content }) =>
  app.get('/emails/:emailId/links', {
    schema: {
      operationId: 'getEmailLinks', tags: EMAIL_TAG,
      summary: 'The href of every link in the HTML body (under the elements matching `selector` if given); the URLs of a text-only body',
      params: EmailIdParams,
      querystring: Type.Object({
        selector: Type.Optional(Type.String({ maxLength: 2000, description: 'CSS selector of the elements (or their links) to take hrefs from' })),
      }),
      response: { 200: Type.Ref(EmailLinksResult) },
    },
  }, async (request) => content.links(principalOf(request).tenantId, request.params.emailId, request.query.selector));
