import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { DateTime, PageQuery } from '../../shared/schemas.js';
import { toAttachmentProjection } from '../attachment.dto.js';
import { PageAttachmentEntity } from '../attachment.schemas.js';
import { ATTACHMENT_TAG, toDate, type AttachmentRoute } from './kit.js';

export const getAttachments: AttachmentRoute = (app, { attachments }) =>
  app.get('/attachments', {
    schema: {
      operationId: 'getAttachments', tags: ATTACHMENT_TAG,
      summary: "Page through the caller's attachments: uploads and those of received emails",
      querystring: Type.Object({
        ...PageQuery,
        fileNameFilter: Type.Optional(Type.String({ description: 'partial match on the file name, any case' })),
        since: Type.Optional(DateTime),
        before: Type.Optional(DateTime),
        inboxId: Type.Optional(Type.String({ description: 'attachments of emails received in this inbox' })),
        emailId: Type.Optional(Type.String({ description: 'attachments of this received email' })),
        sentEmailId: Type.Optional(Type.String({ format: 'uuid', description: 'the attachments this sent email carried' })),
        include: Type.Optional(Type.Array(Type.String(), { description: 'only these attachment ids' })),
      }),
      response: { 200: Type.Ref(PageAttachmentEntity) },
    },
  }, async (request) => {
    const q = request.query;
    const { slice, request: page } = await attachments.page(principalOf(request).tenantId, {
      fileName: q.fileNameFilter?.trim() || undefined,
      since: toDate(q.since),
      before: toDate(q.before),
      inboxId: q.inboxId || undefined,
      emailId: q.emailId || undefined,
      ids: q.include?.length ? q.include : undefined,
      sentEmailId: q.sentEmailId || undefined,
    }, q);
    return toPage(slice.items.map(toAttachmentProjection), slice.total, page);
  });
