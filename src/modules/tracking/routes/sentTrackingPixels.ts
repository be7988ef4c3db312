import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toPage } from '../../../core/paging.js';
import { Uuid } from '../../shared/schemas.js';
import { toTrackingPixelProjection } from '../tracking.dto.js';
import { PageTrackingPixelProjection, TrackingPixelsQuery } from '../tracking.schemas.js';
import { queryOf, SENT_TAG, type TrackingRoute } from './kit.js';

// A static path: Fastify matches it before GET /sent/:id, so it is never taken for an id.
export const getAllSentTrackingPixels: TrackingRoute = (app, { tracking }) =>
  app.get('/sent/tracking-pixels', {
    schema: {
      operationId: 'getAllSentTrackingPixels', tags: SENT_TAG, summary: 'Page through the tracking pixels of every sent email',
      querystring: TrackingPixelsQuery,
      response: { 200: Type.Ref(PageTrackingPixelProjection) },
    },
  }, async (request) => {
    const { slice, request: page } = await tracking.pageOfSentEmails(principalOf(request).tenantId, queryOf(request.query));
    return toPage(slice.items.map(toTrackingPixelProjection), slice.total, page);
  });

export const getSentEmailTrackingPixels: TrackingRoute = (app, { tracking }) =>
  app.get('/sent/:id/tracking-pixels', {
    schema: {
      operationId: 'getSentEmailTrackingPixels', tags: SENT_TAG, summary: 'Page through the tracking pixels of one sent email',
      params: Type.Object({ id: Uuid }),
      querystring: TrackingPixelsQuery,
      response: { 200: Type.Ref(PageTrackingPixelProjection) },
    },
  }, async (request) => {
    const { slice, request: page } = await tracking.pageOfSentEmail(principalOf(request).tenantId, request.params.id, queryOf(request.query));
    return toPage(slice.items.map(toTrackingPixelProjection), slice.total, page);
  });
