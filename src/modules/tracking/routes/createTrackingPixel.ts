import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toTrackingPixelDto } from '../tracking.dto.js';
import { CreateTrackingPixelOptions, TrackingPixelDto } from '../tracking.schemas.js';
import { TAG, type TrackingRoute } from './kit.js';

export const createTrackingPixel: TrackingRoute = (app, { tracking }) =>
  app.post('/tracking/pixels', {
    schema: {
      operationId: 'createTrackingPixel', tags: TAG,
      summary: 'Create a tracking pixel: an image URL to put in an email; loading it marks the pixel seen',
      body: Type.Ref(CreateTrackingPixelOptions),
      response: { 201: Type.Ref(TrackingPixelDto) },
    },
  }, async (request, reply) => {
    const pixel = await tracking.create(principalOf(request).tenantId, request.body);
    return reply.status(201).send(toTrackingPixelDto(pixel, tracking.urlOf(pixel.id)));
  });
