/** TrackingPixelRepository in memory. */
import type { PageRequest } from '../../src/core/paging.js';
import type { Slice, TrackingPixelFilter, TrackingPixelRecord, TrackingPixelRepository } from '../../src/storage/ports.js';
import { contains, copy, inRange, ordered, pageOf, UniqueViolation } from './query.js';
import type { MemoryTables } from './tables.js';

export class FakeTrackingPixelRepository implements TrackingPixelRepository {
  constructor(private readonly tables: MemoryTables) {}

  async create(pixel: TrackingPixelRecord): Promise<void> {
    if (this.tables.trackingPixels.has(pixel.id)) throw new UniqueViolation(`tracking_pixels.id ${pixel.id}`);
    this.tables.trackingPixels.set(pixel.id, copy(pixel));
  }

  async findById(tenantId: string, id: string): Promise<TrackingPixelRecord | undefined> {
    const pixel = this.tables.trackingPixels.get(id);
    return pixel && pixel.tenantId === tenantId ? copy(pixel) : undefined;
  }

  async page(tenantId: string, filter: TrackingPixelFilter, page: PageRequest): Promise<Slice<TrackingPixelRecord>> {
    const matching = [...this.tables.trackingPixels.values()].filter((p) => {
      if (p.tenantId !== tenantId) return false;
      if (filter.inboxId !== undefined && p.inboxId !== filter.inboxId) return false;
      if (filter.sentEmailId !== undefined && p.sentEmailId !== filter.sentEmailId) return false;
      if (filter.sentOnly && p.sentEmailId === null) return false;
      if (!inRange(p.createdAt, filter)) return false;
      if (filter.search && !contains(p.name, filter.search) && !contains(p.recipient, filter.search) && !contains(p.id, filter.search)) {
        return false;
      }
      return true;
    });
    return pageOf(ordered(matching, page.sort).map(copy), page);
  }

  async idsForSentEmail(tenantId: string, sentEmailId: string): Promise<string[]> {
    const pixels = [...this.tables.trackingPixels.values()].filter((p) => p.tenantId === tenantId && p.sentEmailId === sentEmailId);
    return ordered(pixels).map((p) => p.id);
  }

  /** By id alone (the image URL is public); the first load turns it seen. No webhook jobs here. */
  async markSeen(id: string, at: Date): Promise<{ pixel: TrackingPixelRecord; opened: boolean } | undefined> {
    const pixel = this.tables.trackingPixels.get(id);
    if (!pixel) return undefined;
    const opened = !pixel.seen;
    if (opened) {
      pixel.seen = true;
      pixel.seenAt = new Date(at);
    }
    return { pixel: copy(pixel), opened };
  }
}
