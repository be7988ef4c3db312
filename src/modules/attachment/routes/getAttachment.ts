import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toAttachmentMetaData } from '../../email/email.dto.js';
import { AttachmentMetaData } from '../../email/email.schemas.js';
import { toAttachmentProjection } from '../attachment.dto.js';
import { AttachmentEntityDto, AttachmentIdParams } from '../attachment.schemas.js';
import { ATTACHMENT_TAG, type AttachmentRoute } from './kit.js';

export const getAttachment: AttachmentRoute = (app, { attachments }) =>
  app.get('/attachments/:attachmentId', {
    schema: {
      operationId: 'getAttachment', tags: ATTACHMENT_TAG, summary: 'One attachment: name, type, size, content id, inbox',
      params: AttachmentIdParams,
      response: { 200: Type.Ref(AttachmentEntityDto) },
    },
  }, async (request) => toAttachmentProjection(await attachments.get(principalOf(request).tenantId, request.params.attachmentId)));

export const getAttachmentInfo: AttachmentRoute = (app, { attachments }) =>
  app.get('/attachments/:attachmentId/metadata', {
    schema: {
      operationId: 'getAttachmentInfo', tags: ATTACHMENT_TAG, summary: "One attachment's name, type, size and content id",
      params: AttachmentIdParams,
      response: { 200: Type.Ref(AttachmentMetaData) },
    },
  }, async (request) => toAttachmentMetaData(await attachments.get(principalOf(request).tenantId, request.params.attachmentId)));
