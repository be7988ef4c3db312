import { attachmentOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toAttachmentMetaData } from '../../email/email.dto.js';
import { AttachmentMetaData } from '../../email/email.schemas.js';
import { toAttachmentProjection } from '../attachment.dto.js';
import { AttachmentEntityDto, AttachmentIdParams } from '../attachment.schemas.js';

export const getAttachment = attachmentOperation({
  operationId: 'getAttachment', method: 'GET', path: '/attachments/{attachmentId}',
  summary: 'One attachment: name, type, size, content id, inbox',
  params: AttachmentIdParams,
  response: Type.Ref(AttachmentEntityDto),
  handler: async ({ tenantId, params }, { attachments }) => toAttachmentProjection(await attachments.get(tenantId, params.attachmentId)),
});

export const getAttachmentInfo = attachmentOperation({
  operationId: 'getAttachmentInfo', method: 'GET', path: '/attachments/{attachmentId}/metadata',
  summary: "One attachment's name, type, size and content id",
  params: AttachmentIdParams,
  response: Type.Ref(AttachmentMetaData),
  handler: async ({ tenantId, params }, { attachments }) => toAttachmentMetaData(await attachments.get(tenantId, params.attachmentId)),
});
