import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { toTrackingPixelProjection } from '../tracking.dto.js';
import { PageTrackingPixelProjection, TrackingPixelsQuery } from '../tracking.schemas.js';
import { queryOf, TAG, type TrackingRoute } from './kit.js';

export const getAllTrackingPixels: TrackingRoute = (app, { tracking }) =>
  app.get('/tracking/pixels', {
    schema: {
      operationId: 'getAllTrackingPixels', tags: TAG, summary: "Page through the caller's tracking pixels (made directly or by sendEmail)",
      querystring: TrackingPixelsQuery,
      response: { 200: Type.Ref(PageTrackingPixelProjection) },
    },
  }, async (request) => {
    const { slice, request: page } = await tracking.page(principalOf(request).tenantId, queryOf(request.query));
    return toPage(slice.items.map(toTrackingPixelProjection), slice.total, page);
  });
