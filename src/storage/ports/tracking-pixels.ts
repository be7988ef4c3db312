/** Storage port of tracking pixels (TrackingController, and sendEmail's addTrackingPixel). */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

export interface TrackingPixelRecord {
  id: string;
  tenantId: string;
  name: string | null;
  /** who the pixel was sent to: the sent email's recipients, or what createTrackingPixel was given */
  recipient: string | null;
  /** the sending inbox, for pixels added by sendEmail; null for pixels made with createTrackingPixel */
  inboxId: string | null;
  sentEmailId: string | null;
  seen: boolean;
  /** the first load of the image; later loads leave it */
  seenAt: Date | null;
  createdAt: Date;
}

export interface TrackingPixelFilter {
  inboxId?: string;
  sentEmailId?: string;
  /** only pixels that belong to a sent email */
  sentOnly?: boolean;
  since?: Date;
  before?: Date;
  /** case-insensitive partial match on name, recipient and id */
  search?: string;
}

export interface TrackingPixelRepository {
  create(pixel: TrackingPixelRecord): Promise<void>;
  findById(tenantId: string, id: string): Promise<TrackingPixelRecord | undefined>;
  page(tenantId: string, filter: TrackingPixelFilter, page: PageRequest): Promise<Slice<TrackingPixelRecord>>;
  /** ids of a sent email's pixels, oldest first */
  idsForSentEmail(tenantId: string, sentEmailId: string): Promise<string[]>;
  /**
   * The image was loaded: marks the pixel seen at `at` the first time, and in the same
   * transaction records its 'email.opened' domain event. Looked up by id alone: the image URL
   * is public (mail clients send no key), and the random UUID is what grants it.
   * `opened` is true only for the load that turned it seen; undefined = no such pixel.
   */
  markSeen(id: string, at: Date): Promise<{ pixel: TrackingPixelRecord; opened: boolean } | undefined>;
}
