import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { Uuid } from '../../shared/schemas.js';
import { toTrackingPixelDto } from '../tracking.dto.js';
import { TrackingPixelDto } from '../tracking.schemas.js';
import { TAG, type TrackingRoute } from './kit.js';

export const getTrackingPixel: TrackingRoute = (app, { tracking }) =>
  app.get('/tracking/pixels/:id', {
    schema: {
      operationId: 'getTrackingPixel', tags: TAG, summary: 'A tracking pixel: its image URL and whether it was seen',
      params: Type.Object({ id: Uuid }),
      response: { 200: Type.Ref(TrackingPixelDto) },
    },
  }, async (request) => {
    const pixel = await tracking.get(principalOf(request).tenantId, request.params.id);
    return toTrackingPixelDto(pixel, tracking.urlOf(pixel.id));
  });
