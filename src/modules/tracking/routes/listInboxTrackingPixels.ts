import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { toTrackingPixelProjection } from '../tracking.dto.js';
import { PageTrackingPixelProjection, TrackingPixelsQuery } from '../tracking.schemas.js';
import { INBOX_TAG, queryOf, type TrackingRoute } from './kit.js';

export const listInboxTrackingPixels: TrackingRoute = (app, { tracking }) =>
  app.get('/inboxes/:inboxId/tracking-pixels', {
    schema: {
      operationId: 'listInboxTrackingPixels', tags: INBOX_TAG, summary: 'Page through the tracking pixels of mail sent from the inbox',
      params: InboxIdParams,
      querystring: TrackingPixelsQuery,
      response: { 200: Type.Ref(PageTrackingPixelProjection) },
    },
  }, async (request) => {
    const { slice, request: page } = await tracking.pageOfInbox(principalOf(request).tenantId, request.params.inboxId, queryOf(request.query));
    return toPage(slice.items.map(toTrackingPixelProjection), slice.total, page);
  });
