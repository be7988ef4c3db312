import { inboxTrackingOperation, queryOf } from './define.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { toTrackingPixelProjection } from '../tracking.dto.js';
import { PageTrackingPixelProjection, TrackingPixelsQuery } from '../tracking.schemas.js';

export const listInboxTrackingPixels = inboxTrackingOperation({
  operationId: 'listInboxTrackingPixels', method: 'GET', path: '/inboxes/{inboxId}/tracking-pixels',
  summary: 'Page through the tracking pixels of mail sent from the inbox',
  params: InboxIdParams,
  query: TrackingPixelsQuery,
  response: Type.Ref(PageTrackingPixelProjection),
  handler: async ({ tenantId, params, query }, { tracking }) => {
    const { slice, request: page } = await tracking.pageOfInbox(tenantId, params.inboxId, queryOf(query));
    return toPage(slice.items.map(toTrackingPixelProjection), slice.total, page);
  },
});
