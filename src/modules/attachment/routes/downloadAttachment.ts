import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { DownloadAttachmentDto } from '../../email/email.schemas.js';
import { AttachmentIdParams } from '../attachment.schemas.js';
import { ATTACHMENT_TAG, type AttachmentRoute } from './kit.js';

export const downloadAttachmentAsBytes: AttachmentRoute = (app, { attachments }) =>
  app.get('/attachments/:attachmentId/bytes', {
    schema: {
      operationId: 'downloadAttachmentAsBytes', tags: ATTACHMENT_TAG, summary: "An attachment's bytes, with its content type",
      params: AttachmentIdParams,
      response: { 200: { type: 'string', format: 'binary' } },
    },
  }, async (request, reply) => {
    const { record, content } = await attachments.content(principalOf(request).tenantId, request.params.attachmentId);
    return reply
      .type(record.contentType)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(record.name)}`)
      .send(content);
  });

export const downloadAttachmentAsBase64Encoded: AttachmentRoute = (app, { attachments }) =>
  app.get('/attachments/:attachmentId/base64', {
    schema: {
      operationId: 'downloadAttachmentAsBase64Encoded', tags: ATTACHMENT_TAG, summary: "An attachment's bytes as base64 in JSON",
      params: AttachmentIdParams,
      response: { 200: Type.Ref(DownloadAttachmentDto) },
    },
  }, async (request) => {
    const { record, content } = await attachments.content(principalOf(request).tenantId, request.params.attachmentId);
    return { base64FileContents: content.toString('base64'), contentType: record.contentType, sizeBytes: content.length };
  });
