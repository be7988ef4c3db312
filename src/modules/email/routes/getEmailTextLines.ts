import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { EmailTextLinesResult } from '../content.schemas.js';
import { EmailIdParams } from '../email.schemas.js';
import { EMAIL_TAG, type ContentRoute } from './content-kit.js';

export const getEmailTextLines: ContentRoute = (app, { content }) =>
  app.get('/emails/:emailId/textLines', {
    schema: {
      operationId: 'getEmailTextLines', tags: EMAIL_TAG,
      summary: 'The body as trimmed, non-empty text lines (an HTML body reduced to its visible text)',
      params: EmailIdParams,
      querystring: Type.Object({
        decodeHtmlEntities: Type.Optional(Type.Boolean({ default: true, description: 'decode character references such as &amp;amp; (default true)' })),
        lineSeparator: Type.Optional(Type.String({ maxLength: 100, description: 'joins the lines in `body` (default \\n)' })),
      }),
      response: { 200: Type.Ref(EmailTextLinesResult) },
    },
  }, async (request) => content.textLines(principalOf(request).tenantId, request.params.emailId, request.query));
