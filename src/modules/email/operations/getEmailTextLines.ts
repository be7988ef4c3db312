import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { EmailTextLinesResult } from '../content.schemas.js';
import { EmailIdParams } from '../email.schemas.js';

export const getEmailTextLines = emailOperation({
  operationId: 'getEmailTextLines', method: 'GET', path: '/emails/{emailId}/textLines',
  summary: 'The body as trimmed, non-empty text lines (an HTML body reduced to its visible text)',
  params: EmailIdParams,
  query: Type.Object({
    decodeHtmlEntities: Type.Optional(Type.Boolean({ default: true, description: 'decode character references such as &amp;amp; (default true)' })),
    lineSeparator: Type.Optional(Type.String({ maxLength: 100, description: 'joins the lines in `body` (default \\n)' })),
  }),
  response: Type.Ref(EmailTextLinesResult),
  handler: async ({ tenantId, params, query }, { content }) => content.textLines(tenantId, params.emailId, query),
});
