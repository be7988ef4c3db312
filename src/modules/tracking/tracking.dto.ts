import type { Static } from '@sinclair/typebox';
import type { TrackingPixelRecord } from '../../storage/ports.js';
import type { TrackingPixelDto, TrackingPixelProjection } from './tracking.schemas.js';
import { pixelImgTag } from './pixel-html.js';

export const toTrackingPixelDto = (p: TrackingPixelRecord, url: string): Static<typeof TrackingPixelDto> => ({
  id: p.id,
  seen: p.seen,
  recipient: p.recipient,
  html: pixelImgTag(url),
  url,
  inboxId: p.inboxId,
  sentEmailId: p.sentEmailId,
  seenAt: p.seenAt?.toISOString() ?? null,
  createdAt: p.createdAt.toISOString(),
});

export const toTrackingPixelProjection = (p: TrackingPixelRecord): Static<typeof TrackingPixelProjection> => ({
  name: p.name,
  id: p.id,
  userId: p.tenantId,
  inboxId: p.inboxId,
  sentEmailId: p.sentEmailId,
  createdAt: p.createdAt.toISOString(),
  recipient: p.recipient,
  seen: p.seen,
  seenAt: p.seenAt?.toISOString() ?? null,
});
