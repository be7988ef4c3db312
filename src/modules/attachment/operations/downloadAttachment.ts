import { attachmentOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { Content } from '../../../core/operation.js';
import { DownloadAttachmentDto } from '../../email/email.schemas.js';
import { AttachmentIdParams } from '../attachment.schemas.js';

export const downloadAttachmentAsBytes = attachmentOperation({
  operationId: 'downloadAttachmentAsBytes', method: 'GET', path: '/attachments/{attachmentId}/bytes',
  summary: "An attachment's bytes, with its content type",
  params: AttachmentIdParams,
  response: { type: 'string', format: 'binary' },
  handler: async ({ tenantId, params }, { attachments }) => {
    const { record, content } = await attachments.content(tenantId, params.attachmentId);
    return new Content(content, record.contentType, {
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(record.name)}`,
    });
  },
});

export const downloadAttachmentAsBase64Encoded = attachmentOperation({
  operationId: 'downloadAttachmentAsBase64Encoded', method: 'GET', path: '/attachments/{attachmentId}/base64',
  summary: "An attachment's bytes as base64 in JSON",
  params: AttachmentIdParams,
  response: Type.Ref(DownloadAttachmentDto),
  handler: async ({ tenantId, params }, { attachments }) => {
    const { record, content } = await attachments.content(tenantId, params.attachmentId);
    return { base64FileContents: content.toString('base64'), contentType: record.contentType, sizeBytes: content.length };
  },
});
