import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { EmailHtmlDto } from '../content.schemas.js';
import { EmailIdParams } from '../email.schemas.js';
import { EMAIL_TAG, type ContentRoute } from './content-kit.js';

const HtmlQuery = Type.Object({
  replaceCidImages: Type.Optional(Type.Boolean({ default: false, description: 'inline cid: images as data: URLs of the attachments' })),
});

export const getEmailHTML: ContentRoute = (app, { content }) =>
  app.get('/emails/:emailId/html', {
    schema: {
      operationId: 'getEmailHTML', tags: EMAIL_TAG,
      summary: 'The HTML body as text/html (the text body when there is no HTML); does not mark the email read',
      params: EmailIdParams,
      querystring: HtmlQuery,
      response: { 200: { type: 'string', description: 'HTML document' } },
    },
  }, async (request, reply) => {
    const { body } = await content.html(principalOf(request).tenantId, request.params.emailId, request.query);
    return reply.type('text/html; charset=utf-8').send(body ?? '');
  });

export const getEmailHTMLJson: ContentRoute = (app, { content }) =>
  app.get('/emails/:emailId/html/json', {
    schema: {
      operationId: 'getEmailHTMLJson', tags: EMAIL_TAG, summary: 'The subject and HTML body in JSON',
      params: EmailIdParams,
      querystring: HtmlQuery,
      response: { 200: Type.Ref(EmailHtmlDto) },
    },
  }, async (request) => content.html(principalOf(request).tenantId, request.params.emailId, request.query));
