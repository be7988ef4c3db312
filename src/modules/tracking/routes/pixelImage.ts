import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';
import { pixelImagePath, type TrackingService } from '../tracking.service.js';

/** A transparent 1x1 GIF, the smallest image every mail client renders. */
const TRANSPARENT_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * The pixel's image: PUBLIC, registered outside the authenticated context, because mail
 * clients load images without an API key (the random pixel id is the credential). Each
 * load reaches the server (no caching), the first marks the pixel seen; unknown ids are a
 * JSON 404, which a mail client shows as a broken (invisible) image.
 */
export const pixelImageRoute: FastifyPluginAsyncTypebox<{ tracking: TrackingService }> = async (app, { tracking }) => {
  app.get(pixelImagePath(':id'), {
    schema: { hide: true, params: Type.Object({ id: Uuid }) },
  }, async (request, reply) => {
    await tracking.open(request.params.id);
    return reply
      .header('content-type', 'image/gif')
      .header('cache-control', 'no-store, no-cache, must-revalidate, max-age=0')
      .header('pragma', 'no-cache')
      .header('expires', '0')
      .send(TRANSPARENT_GIF);
  });
};
