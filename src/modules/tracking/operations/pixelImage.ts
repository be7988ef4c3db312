import { Type } from '@sinclair/typebox';
import { Content } from '../../../core/operation.js';
import { Uuid } from '../../shared/schemas.js';
import { pixelImagePath } from '../tracking.service.js';
import { trackingOperation } from './define.js';

/** A transparent 1x1 GIF, the smallest image every mail client renders. */
const TRANSPARENT_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const NO_CACHE = { 'cache-control': 'no-store, no-cache, must-revalidate, max-age=0', pragma: 'no-cache', expires: '0' };

/**
 * The pixel's image: PUBLIC, because mail clients load images without an API key (the
 * random pixel id is the credential). Each load reaches the server (no caching), the first
 * marks the pixel seen; unknown ids are a JSON 404, which a mail client shows as a broken
 * (invisible) image.
 */
export const pixelImage = trackingOperation({
  operationId: 'getTrackingPixelImage', method: 'GET', path: pixelImagePath('{id}'),
  access: 'public', hidden: true,
  params: Type.Object({ id: Uuid }),
  handler: async ({ params }, { tracking }) => {
    await tracking.open(params.id);
    return new Content(TRANSPARENT_GIF, 'image/gif', NO_CACHE);
  },
});
