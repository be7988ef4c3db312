import { queryOf, trackingOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { toTrackingPixelProjection } from '../tracking.dto.js';
import { PageTrackingPixelProjection, TrackingPixelsQuery } from '../tracking.schemas.js';

export const getAllTrackingPixels = trackingOperation({
  operationId: 'getAllTrackingPixels', method: 'GET', path: '/tracking/pixels',
  summary: "Page through the caller's tracking pixels (made directly or by sendEmail)",
  query: TrackingPixelsQuery,
  response: Type.Ref(PageTrackingPixelProjection),
  handler: async ({ tenantId, query }, { tracking }) => {
    const { slice, request: page } = await tracking.page(tenantId, queryOf(query));
    return toPage(slice.items.map(toTrackingPixelProjection), slice.total, page);
  },
});
