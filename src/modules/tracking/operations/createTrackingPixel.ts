import { trackingOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toTrackingPixelDto } from '../tracking.dto.js';
import { CreateTrackingPixelOptions, TrackingPixelDto } from '../tracking.schemas.js';

export const createTrackingPixel = trackingOperation({
  operationId: 'createTrackingPixel', method: 'POST', path: '/tracking/pixels',
  summary: 'Create a tracking pixel: an image URL to put in an email; loading it marks the pixel seen',
  body: Type.Ref(CreateTrackingPixelOptions),
  status: 201,
  response: Type.Ref(TrackingPixelDto),
  handler: async ({ tenantId, body }, { tracking }) => {
    const pixel = await tracking.create(tenantId, body);
    return toTrackingPixelDto(pixel, tracking.urlOf(pixel.id));
  },
});
