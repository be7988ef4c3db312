import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { AttachmentIdParams, ExtractAttachmentTextOptions, ExtractAttachmentTextResult } from '../attachment.schemas.js';
import { ATTACHMENT_TAG, type AttachmentRoute } from './kit.js';

export const extractAttachmentText: AttachmentRoute = (app, { attachments }) =>
  app.post('/attachments/:attachmentId/text', {
    schema: {
      operationId: 'extractAttachmentText', tags: ATTACHMENT_TAG,
      summary: 'The text of a text-like attachment (text, HTML, CSV, JSON, XML, ...); the options body is optional',
      params: AttachmentIdParams,
      body: Type.Ref(ExtractAttachmentTextOptions),
      response: { 200: Type.Ref(ExtractAttachmentTextResult) },
    },
    // No body at all (and no Content-Type) means default options.
    preValidation: async (request) => {
      if (request.body === undefined || request.body === null) (request as { body: unknown }).body = {};
    },
  }, async (request) => attachments.extractText(principalOf(request).tenantId, request.params.attachmentId, request.body));
