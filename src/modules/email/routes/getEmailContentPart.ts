import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { INT32_MAX } from '../../shared/schemas.js';
import { EmailContentPartResult } from '../content.schemas.js';
import { EmailIdParams } from '../email.schemas.js';
import { EMAIL_TAG, type ContentRoute } from './content-kit.js';

const PartQuery = Type.Object({
  contentType: Type.String({
    minLength: 1, maxLength: 255,
    description: 'media type of the part, e.g. text/plain; unless strict, also text/* or text (any text part) and html or png (by subtype)',
  }),
  strict: Type.Optional(Type.Boolean({ default: false, description: 'only parts of exactly this media type' })),
  index: Type.Optional(Type.Integer({ minimum: 0, maximum: INT32_MAX, default: 0, description: 'which of the matching parts, zero-based' })),
});

export const getEmailContentPart: ContentRoute = (app, { content }) =>
  app.get('/emails/:emailId/contentPart', {
    schema: {
      operationId: 'getEmailContentPart', tags: EMAIL_TAG,
      summary: 'One MIME part of the message by content type: decoded text, or base64 for binary parts',
      params: EmailIdParams,
      querystring: PartQuery,
      response: { 200: Type.Ref(EmailContentPartResult) },
    },
  }, async (request) => {
    const part = await content.contentPart(principalOf(request).tenantId, request.params.emailId, request.query);
    return { content: part.text ?? part.bytes.toString('base64') };
  });

export const getEmailContentPartContent: ContentRoute = (app, { content }) =>
  app.get('/emails/:emailId/contentPart/raw', {
    schema: {
      operationId: 'getEmailContentPartContent', tags: EMAIL_TAG,
      summary: "One MIME part's content with its own content type (text re-encoded as UTF-8)",
      params: EmailIdParams,
      querystring: PartQuery,
      response: { 200: { type: 'string', format: 'binary' } },
    },
  }, async (request, reply) => {
    const part = await content.contentPart(principalOf(request).tenantId, request.params.emailId, request.query);
    // A Buffer is sent as is, whatever the content type (a string would be JSON-serialized for JSON parts).
    if (part.text !== null) return reply.type(`${part.contentType}; charset=utf-8`).send(Buffer.from(part.text, 'utf8'));
    return reply.type(part.contentType).send(part.bytes);
  });
