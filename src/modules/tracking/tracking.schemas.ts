import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, PageQuery, SEARCH_MAX_LENGTH, Uuid } from '../shared/schemas.js';

export const CreateTrackingPixelOptions = Type.Object(
  {
    name: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    recipient: Type.Optional(Nullable(Type.String({ maxLength: 1000, description: 'who the pixel is for; echoed in the EMAIL_OPENED webhook' }))),
  },
  { $id: 'CreateTrackingPixelOptions' },
);

export const TrackingPixelDto = Type.Object(
  {
    id: Uuid,
    seen: Type.Boolean(),
    recipient: Nullable(Type.String()),
    html: Type.String({ description: 'an <img> tag of the pixel to put in an HTML email body' }),
    url: Type.String({ description: 'the public image URL (no API key): loading it marks the pixel seen' }),
    inboxId: Nullable(Uuid),
    sentEmailId: Nullable(Uuid),
    seenAt: Nullable(DateTime),
    createdAt: DateTime,
  },
  { $id: 'TrackingPixelDto' },
);

export const TrackingPixelProjection = Type.Object(
  {
    name: Nullable(Type.String()),
    id: Uuid,
    userId: Uuid,
    inboxId: Nullable(Uuid),
    sentEmailId: Nullable(Uuid),
    createdAt: DateTime,
    recipient: Nullable(Type.String()),
    seen: Type.Boolean(),
    seenAt: Nullable(DateTime),
  },
  { $id: 'TrackingPixelProjection' },
);
export const PageTrackingPixelProjection = PageOf(Type.Ref(TrackingPixelProjection), 'PageTrackingPixelProjection');

/** Query of every tracking-pixel list. */
export const TrackingPixelsQuery = Type.Object({
  ...PageQuery,
  searchFilter: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH, description: 'case-insensitive partial match on name, recipient and id' })),
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
});

export const trackingModelSchemas = [CreateTrackingPixelOptions, TrackingPixelDto, TrackingPixelProjection, PageTrackingPixelProjection];
