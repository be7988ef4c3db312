import { attachmentOperation } from './define.js';
import { AttachmentIdParams } from '../attachment.schemas.js';

export const deleteAttachment = attachmentOperation({
  operationId: 'deleteAttachment', method: 'DELETE', path: '/attachments/{attachmentId}',
  summary: 'Delete an attachment (an upload, or one of a received email), irreversibly',
  params: AttachmentIdParams,
  status: 204,
  response: { type: 'null', description: 'Deleted' },
  handler: async ({ tenantId, params }, { attachments }) => {
    await attachments.delete(tenantId, params.attachmentId);
  },
});

export const deleteAllAttachments = attachmentOperation({
  operationId: 'deleteAllAttachments', method: 'DELETE', path: '/attachments',
  summary: "Delete all of the caller's attachments: uploads and those of received emails",
  status: 204,
  response: { type: 'null', description: 'Deleted' },
  handler: async ({ tenantId }, { attachments }) => {
    await attachments.deleteAll(tenantId);
  },
});
