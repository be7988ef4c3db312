import { attachmentOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { DateTime, PageQuery } from '../../shared/schemas.js';
import { toAttachmentProjection } from '../attachment.dto.js';
import { PageAttachmentEntity } from '../attachment.schemas.js';

export const getAttachments = attachmentOperation({
  operationId: 'getAttachments', method: 'GET', path: '/attachments',
  summary: "Page through the caller's attachments: uploads and those of received emails",
  query: Type.Object({
    ...PageQuery,
    fileNameFilter: Type.Optional(Type.String({ description: 'partial match on the file name, any case' })),
    since: Type.Optional(DateTime),
    before: Type.Optional(DateTime),
    inboxId: Type.Optional(Type.String({ description: 'attachments of emails received in this inbox' })),
    emailId: Type.Optional(Type.String({ description: 'attachments of this received email' })),
    sentEmailId: Type.Optional(Type.String({ format: 'uuid', description: 'the attachments this sent email carried' })),
    include: Type.Optional(Type.Array(Type.String(), { description: 'only these attachment ids' })),
  }),
  response: Type.Ref(PageAttachmentEntity),
  handler: async ({ tenantId, query: q }, { attachments }) => {
    const { slice, request: page } = await attachments.page(tenantId, {
      fileName: q.fileNameFilter?.trim() || undefined,
      since: toDate(q.since),
      before: toDate(q.before),
      inboxId: q.inboxId || undefined,
      emailId: q.emailId || undefined,
      ids: q.include?.length ? q.include : undefined,
      sentEmailId: q.sentEmailId || undefined,
    }, q);
    return toPage(slice.items.map(toAttachmentProjection), slice.total, page);
  },
});
