import { queryOf, sentTrackingOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { Uuid } from '../../shared/schemas.js';
import { toTrackingPixelProjection } from '../tracking.dto.js';
import { PageTrackingPixelProjection, TrackingPixelsQuery } from '../tracking.schemas.js';

// A static path: it is matched before GET /sent/{id}, so it is never taken for an id.
export const getAllSentTrackingPixels = sentTrackingOperation({
  operationId: 'getAllSentTrackingPixels', method: 'GET', path: '/sent/tracking-pixels',
  summary: 'Page through the tracking pixels of every sent email',
  query: TrackingPixelsQuery,
  response: Type.Ref(PageTrackingPixelProjection),
  handler: async ({ tenantId, query }, { tracking }) => {
    const { slice, request: page } = await tracking.pageOfSentEmails(tenantId, queryOf(query));
    return toPage(slice.items.map(toTrackingPixelProjection), slice.total, page);
  },
});

export const getSentEmailTrackingPixels = sentTrackingOperation({
  operationId: 'getSentEmailTrackingPixels', method: 'GET', path: '/sent/{id}/tracking-pixels',
  summary: 'Page through the tracking pixels of one sent email',
  params: Type.Object({ id: Uuid }),
  query: TrackingPixelsQuery,
  response: Type.Ref(PageTrackingPixelProjection),
  handler: async ({ tenantId, params, query }, { tracking }) => {
    const { slice, request: page } = await tracking.pageOfSentEmail(tenantId, params.id, queryOf(query));
    return toPage(slice.items.map(toTrackingPixelProjection), slice.total, page);
  },
});
