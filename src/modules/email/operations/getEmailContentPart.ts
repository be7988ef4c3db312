import { emailOperation } from './define.js';
import { Content } from '../../../core/operation.js';
import { Type } from '@sinclair/typebox';
import { INT32_MAX } from '../../shared/schemas.js';
import { EmailContentPartResult } from '../content.schemas.js';
import { EmailIdParams } from '../email.schemas.js';

const PartQuery = Type.Object({
  contentType: Type.String({
    minLength: 1, maxLength: 255,
    description: 'media type of the part, e.g. text/plain; unless strict, also text/* or text (any text part) and html or png (by subtype)',
  }),
  strict: Type.Optional(Type.Boolean({ default: false, description: 'only parts of exactly this media type' })),
  index: Type.Optional(Type.Integer({ minimum: 0, maximum: INT32_MAX, default: 0, description: 'which of the matching parts, zero-based' })),
});

export const getEmailContentPart = emailOperation({
  operationId: 'getEmailContentPart', method: 'GET', path: '/emails/{emailId}/contentPart',
  summary: 'One MIME part of the message by content type: decoded text, or base64 for binary parts',
  params: EmailIdParams,
  query: PartQuery,
  response: Type.Ref(EmailContentPartResult),
  handler: async ({ tenantId, params, query }, { content }) => {
    const part = await content.contentPart(tenantId, params.emailId, query);
    return { content: part.text ?? part.bytes.toString('base64') };
  },
});

export const getEmailContentPartContent = emailOperation({
  operationId: 'getEmailContentPartContent', method: 'GET', path: '/emails/{emailId}/contentPart/raw',
  summary: "One MIME part's content with its own content type (text re-encoded as UTF-8)",
  params: EmailIdParams,
  query: PartQuery,
  response: { type: 'string', format: 'binary' },
  handler: async ({ tenantId, params, query }, { content }) => {
    const part = await content.contentPart(tenantId, params.emailId, query);
    // A Buffer is sent as is, whatever the content type (a string would be JSON-serialized for JSON parts).
    if (part.text !== null) return new Content(Buffer.from(part.text, 'utf8'), `${part.contentType}; charset=utf-8`);
    return new Content(part.bytes, part.contentType);
  },
});
