import type { Static } from '@sinclair/typebox';
import type { AttachmentListing } from '../../storage/ports.js';
import type { AttachmentProjection } from './attachment.schemas.js';

/** AttachmentEntityDto and AttachmentProjection carry the same fields; id and attachmentId are one id here. */
export const toAttachmentProjection = (a: AttachmentListing): Static<typeof AttachmentProjection> => ({
  id: a.id,
  attachmentId: a.id,
  userId: a.tenantId,
  contentType: a.contentType,
  contentLength: a.size,
  contentId: a.contentId,
  name: a.name,
  inboxId: a.inboxId,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.createdAt.toISOString(),
});
