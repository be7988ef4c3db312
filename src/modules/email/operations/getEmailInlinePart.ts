import { emailOperation } from './define.js';
import { Content } from '../../../core/operation.js';
import { Type } from '@sinclair/typebox';
import { EmailIdParams } from '../email.schemas.js';
import { PREVIEW_HEADERS } from '../preview-headers.js';

/**
 * Pigeonhole's own: the resource behind a `cid:` reference of an email's HTML. The dashboard's
 * sandboxed HTML view loads inline images from here with a preview token in the URL (an
 * image request cannot send x-api-key); API clients may use their key as usual.
 */
export const getEmailInlinePart = emailOperation({
  operationId: 'getEmailInlinePart', method: 'GET', path: '/emails/{emailId}/inline/{contentId}',
  summary: "The part an HTML body refers to as cid:<contentId> (an inline image), with its own content type; opens with the email's preview token too",
  params: Type.Composite([EmailIdParams, Type.Object({ contentId: Type.String({ minLength: 1, maxLength: 998, description: 'the Content-ID, with or without <>' }) })]),
  previewToken: { scope: 'email', param: 'emailId' },
  response: { type: 'string', format: 'binary' },
  handler: async ({ tenantId, params }, { content }) => {
    const part = await content.inlinePart(tenantId, params.emailId, params.contentId);
    // Same sandbox as the preview pages: a part that is not an image cannot run on this origin.
    return new Content(part.bytes, part.contentType, { ...PREVIEW_HEADERS, 'cache-control': 'private, max-age=300' });
  },
});
