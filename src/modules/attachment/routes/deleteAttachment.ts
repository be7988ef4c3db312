import { principalOf } from '../../../transports/http/auth.js';
import { AttachmentIdParams } from '../attachment.schemas.js';
import { ATTACHMENT_TAG, type AttachmentRoute } from './kit.js';

export const deleteAttachment: AttachmentRoute = (app, { attachments }) =>
  app.delete('/attachments/:attachmentId', {
    schema: {
      operationId: 'deleteAttachment', tags: ATTACHMENT_TAG,
      summary: 'Delete an attachment (an upload, or one of a received email), irreversibly',
      params: AttachmentIdParams,
      response: { 204: { type: 'null', description: 'Deleted' } },
    },
  }, async (request, reply) => {
    await attachments.delete(principalOf(request).tenantId, request.params.attachmentId);
    return reply.status(204).send();
  });

export const deleteAllAttachments: AttachmentRoute = (app, { attachments }) =>
  app.delete('/attachments', {
    schema: {
      operationId: 'deleteAllAttachments', tags: ATTACHMENT_TAG,
      summary: "Delete all of the caller's attachments: uploads and those of received emails",
      response: { 204: { type: 'null', description: 'Deleted' } },
    },
  }, async (request, reply) => {
    await attachments.deleteAll(principalOf(request).tenantId);
    return reply.status(204).send();
  });
