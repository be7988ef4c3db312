import { emailOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { Content } from '../../../core/operation.js';
import { toAttachmentMetaData } from '../email.dto.js';
import { AttachmentMetaData, DownloadAttachmentDto, EmailIdParams } from '../email.schemas.js';

const AttachmentParams = Type.Object({ emailId: EmailIdParams.properties.emailId, attachmentId: Type.String({ minLength: 1 }) });

export const getEmailAttachments = emailOperation({
  operationId: 'getEmailAttachments', method: 'GET', path: '/emails/{emailId}/attachments',
  summary: "Metadata of an email's attachments",
  params: EmailIdParams,
  response: Type.Array(Type.Ref(AttachmentMetaData)),
  handler: async ({ tenantId, params }, { emails }) => (await emails.attachments(tenantId, params.emailId)).map(toAttachmentMetaData),
});

export const getAttachmentMetaData = emailOperation({
  operationId: 'getAttachmentMetaData', method: 'GET', path: '/emails/{emailId}/attachments/{attachmentId}/metadata',
  summary: "One attachment's name, type, size and content id",
  params: AttachmentParams,
  response: Type.Ref(AttachmentMetaData),
  handler: async ({ tenantId, params }, { emails }) => {
    const { record } = await emails.attachment(tenantId, params.emailId, params.attachmentId);
    return toAttachmentMetaData(record);
  },
});

export const downloadAttachment = emailOperation({
  operationId: 'downloadAttachment', method: 'GET', path: '/emails/{emailId}/attachments/{attachmentId}',
  summary: "An attachment's bytes, with its content type",
  params: AttachmentParams,
  query: Type.Object({ apiKey: Type.Optional(Type.String({ description: 'not accepted here: send x-api-key' })) }),
  response: { type: 'string', format: 'binary' },
  handler: async ({ tenantId, params }, { emails }) => {
    const { record, content } = await emails.attachment(tenantId, params.emailId, params.attachmentId);
    return new Content(content, record.contentType, {
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(record.name)}`,
    });
  },
});

export const downloadAttachmentBase64 = emailOperation({
  operationId: 'downloadAttachmentBase64', method: 'GET', path: '/emails/{emailId}/attachments/{attachmentId}/base64',
  summary: "An attachment's bytes as base64 in JSON",
  params: AttachmentParams,
  response: Type.Ref(DownloadAttachmentDto),
  handler: async ({ tenantId, params }, { emails }) => {
    const { record, content } = await emails.attachment(tenantId, params.emailId, params.attachmentId);
    return { base64FileContents: content.toString('base64'), contentType: record.contentType, sizeBytes: content.length };
  },
});
