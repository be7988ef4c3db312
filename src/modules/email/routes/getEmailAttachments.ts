import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toAttachmentMetaData } from '../email.dto.js';
import { AttachmentMetaData, DownloadAttachmentDto, EmailIdParams } from '../email.schemas.js';
import { EMAIL_TAG, type EmailRoute } from './kit.js';

const AttachmentParams = Type.Object({ emailId: EmailIdParams.properties.emailId, attachmentId: Type.String({ minLength: 1 }) });

export const getEmailAttachments: EmailRoute = (app, { emails }) =>
  app.get('/emails/:emailId/attachments', {
    schema: {
      operationId: 'getEmailAttachments', tags: EMAIL_TAG, summary: "Metadata of an email's attachments",
      params: EmailIdParams,
      response: { 200: Type.Array(Type.Ref(AttachmentMetaData)) },
    },
  }, async (request) => (await emails.attachments(principalOf(request).tenantId, request.params.emailId)).map(toAttachmentMetaData));

export const getAttachmentMetaData: EmailRoute = (app, { emails }) =>
  app.get('/emails/:emailId/attachments/:attachmentId/metadata', {
    schema: {
      operationId: 'getAttachmentMetaData', tags: EMAIL_TAG, summary: "One attachment's name, type, size and content id",
      params: AttachmentParams,
      response: { 200: Type.Ref(AttachmentMetaData) },
    },
  }, async (request) => {
    const { record } = await emails.attachment(principalOf(request).tenantId, request.params.emailId, request.params.attachmentId);
    return toAttachmentMetaData(record);
  });

export const downloadAttachment: EmailRoute = (app, { emails }) =>
  app.get('/emails/:emailId/attachments/:attachmentId', {
    schema: {
      operationId: 'downloadAttachment', tags: EMAIL_TAG, summary: "An attachment's bytes, with its content type",
      params: AttachmentParams,
      querystring: Type.Object({ apiKey: Type.Optional(Type.String({ description: 'not accepted here: send x-api-key' })) }),
      response: { 200: { type: 'string', format: 'binary' } },
    },
  }, async (request, reply) => {
    const { record, content } = await emails.attachment(principalOf(request).tenantId, request.params.emailId, request.params.attachmentId);
    return reply
      .type(record.contentType)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(record.name)}`)
      .send(content);
  });

export const downloadAttachmentBase64: EmailRoute = (app, { emails }) =>
  app.get('/emails/:emailId/attachments/:attachmentId/base64', {
    schema: {
      operationId: 'downloadAttachmentBase64', tags: EMAIL_TAG, summary: "An attachment's bytes as base64 in JSON",
      params: AttachmentParams,
      response: { 200: Type.Ref(DownloadAttachmentDto) },
    },
  }, async (request) => {
    const { record, content } = await emails.attachment(principalOf(request).tenantId, request.params.emailId, request.params.attachmentId);
    return { base64FileContents: content.toString('base64'), contentType: record.contentType, sizeBytes: content.length };
  });
