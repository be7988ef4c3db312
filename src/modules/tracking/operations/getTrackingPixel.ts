import { trackingOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';
import { toTrackingPixelDto } from '../tracking.dto.js';
import { TrackingPixelDto } from '../tracking.schemas.js';

export const getTrackingPixel = trackingOperation({
  operationId: 'getTrackingPixel', method: 'GET', path: '/tracking/pixels/{id}',
  summary: 'A tracking pixel: its image URL and whether it was seen',
  params: Type.Object({ id: Uuid }),
  response: Type.Ref(TrackingPixelDto),
  handler: async ({ tenantId, params }, { tracking }) => {
    const pixel = await tracking.get(tenantId, params.id);
    return toTrackingPixelDto(pixel, tracking.urlOf(pixel.id));
  },
});
