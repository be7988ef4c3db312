import { emailOperation } from './define.js';
import { Content } from '../../../core/operation.js';
import { Type } from '@sinclair/typebox';
import { EmailHtmlDto } from '../content.schemas.js';
import { EmailIdParams } from '../email.schemas.js';
import { PREVIEW_HEADERS } from '../preview-headers.js';

const HtmlQuery = Type.Object({
  replaceCidImages: Type.Optional(Type.Boolean({ default: false, description: 'inline cid: images as data: URLs of the attachments' })),
});

export const getEmailHTML = emailOperation({
  operationId: 'getEmailHTML', method: 'GET', path: '/emails/{emailId}/html',
  summary: 'The HTML body as text/html (the text body when there is no HTML); does not mark the email read',
  params: EmailIdParams,
  previewToken: { scope: 'email', param: 'emailId' },
  query: HtmlQuery,
  response: { type: 'string', description: 'HTML document' },
  handler: async ({ tenantId, params, query }, { content }) => {
    const { body } = await content.html(tenantId, params.emailId, query);
    return new Content(body ?? '', 'text/html; charset=utf-8', PREVIEW_HEADERS);
  },
});

export const getEmailHTMLJson = emailOperation({
  operationId: 'getEmailHTMLJson', method: 'GET', path: '/emails/{emailId}/html/json',
  summary: 'The subject and HTML body in JSON',
  params: EmailIdParams,
  query: HtmlQuery,
  response: Type.Ref(EmailHtmlDto),
  handler: async ({ tenantId, params, query }, { content }) => content.html(tenantId, params.emailId, query),
});
