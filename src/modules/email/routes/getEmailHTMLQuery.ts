import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { EmailTextLinesResult } from '../content.schemas.js';
import { EmailIdParams } from '../email.schemas.js';
import { EMAIL_TAG, type ContentRoute } from './content-kit.js';

export const getEmailHTMLQuery: ContentRoute = (app, { content }) =>
  app.get('/emails/:emailId/htmlQuery', {
    schema: {
      operationId: 'getEmailHTMLQuery', tags: EMAIL_TAG,
      summary: 'The text of each element of the HTML body matching a CSS selector, one line per element',
      params: EmailIdParams,
      querystring: Type.Object({
        htmlSelector: Type.String({ minLength: 1, maxLength: 2000, description: 'CSS selector, e.g. `p.code` or `table td:nth-child(2)`' }),
      }),
      response: { 200: Type.Ref(EmailTextLinesResult) },
    },
  }, async (request) => content.htmlQuery(principalOf(request).tenantId, request.params.emailId, request.query.htmlSelector));
