import { attachmentOperation, tooLarge } from './define.js';
import { Type } from '@sinclair/typebox';
import { AttachmentIdParams, ExtractAttachmentTextOptions, ExtractAttachmentTextResult } from '../attachment.schemas.js';

export const extractAttachmentText = attachmentOperation({
  operationId: 'extractAttachmentText', method: 'POST', path: '/attachments/{attachmentId}/text',
  summary: 'The text of a text-like attachment (text, HTML, CSV, JSON, XML, ...); the options body is optional',
  params: AttachmentIdParams,
  body: Type.Ref(ExtractAttachmentTextOptions),
  response: Type.Ref(ExtractAttachmentTextResult),
  // No body at all (or an empty one) means default options.
  optionalBody: true,
  tooLarge,
  handler: async ({ tenantId, params, body }, { attachments }) => attachments.extractText(tenantId, params.attachmentId, body),
});
