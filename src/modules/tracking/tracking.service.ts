import type { Clock } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { EventBus } from '../../events/bus.js';
import type {
  SentEmailRecord, SentEmailRepository, Slice, TrackingPixelFilter, TrackingPixelRecord, TrackingPixelRepository,
} from '../../storage/ports.js';
import type { InboxService } from '../inbox/inbox.service.js';
import { pixelImgTag } from './pixel-html.js';

export interface TrackingSettings {
  /**
   * Where mail clients reach this server's HTTP port (PIGEONHOLE_PUBLIC_URL), without a
   * trailing slash. Mutable: startServer fills in the port actually bound once listening.
   */
  publicUrl: string;
}

export interface TrackingPixelQuery {
  page?: number;
  size?: number;
  sort?: SortDirection;
  search?: string;
  since?: Date;
  before?: Date;
}

/** The path of a pixel's public image, below PIGEONHOLE_PUBLIC_URL. */
export const pixelImagePath = (id: string) => `/tracking/pixels/${id}/image`;

/**
 * TrackingController and the pixels sendEmail adds (addTrackingPixel): each pixel is a
 * public image URL; the first load marks it seen, queues EMAIL_OPENED webhooks (in the
 * same transaction) and publishes `email.opened`.
 */
export class TrackingService {
  constructor(
    private readonly pixels: TrackingPixelRepository,
    private readonly inboxes: InboxService,
    private readonly sentEmails: SentEmailRepository,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    readonly settings: TrackingSettings,
  ) {}

  urlOf(id: string): string {
    return `${this.settings.publicUrl.replace(/\/+$/, '')}${pixelImagePath(id)}`;
  }

  async create(tenantId: string, input: { name?: string | null; recipient?: string | null }): Promise<TrackingPixelRecord> {
    const pixel: TrackingPixelRecord = {
      id: newId(),
      tenantId,
      name: input.name?.trim() || null,
      recipient: input.recipient?.trim() || null,
      inboxId: null,
      sentEmailId: null,
      seen: false,
      seenAt: null,
      createdAt: this.clock.now(),
    };
    await this.pixels.create(pixel);
    return pixel;
  }

  async get(tenantId: string, id: string): Promise<TrackingPixelRecord> {
    const pixel = await this.pixels.findById(tenantId, id);
    if (!pixel) throw notFound(`No tracking pixel ${id}`);
    return pixel;
  }

  /** getAllTrackingPixels */
  page(tenantId: string, query: TrackingPixelQuery) {
    return this.pageWhere(tenantId, {}, query);
  }

  /** listInboxTrackingPixels: pixels of the mail an inbox sent. */
  async pageOfInbox(tenantId: string, inboxId: string, query: TrackingPixelQuery) {
    await this.inboxes.get(tenantId, inboxId);
    return this.pageWhere(tenantId, { inboxId }, query);
  }

  /** getSentEmailTrackingPixels */
  async pageOfSentEmail(tenantId: string, sentEmailId: string, query: TrackingPixelQuery) {
    if (!(await this.sentEmails.findById(tenantId, sentEmailId))) throw notFound(`No sent email ${sentEmailId}`);
    return this.pageWhere(tenantId, { sentEmailId }, query);
  }

  /** getAllSentTrackingPixels: every pixel that went out in a sent email. */
  pageOfSentEmails(tenantId: string, query: TrackingPixelQuery) {
    return this.pageWhere(tenantId, { sentOnly: true }, query);
  }

  pixelIdsOf(tenantId: string, sentEmailId: string): Promise<string[]> {
    return this.pixels.idsForSentEmail(tenantId, sentEmailId);
  }

  /** A pixel id and its <img> tag for a message about to be composed (recordForSent stores it). */
  planForSend(): { id: string; tag: string } {
    const id = newId();
    return { id, tag: pixelImgTag(this.urlOf(id)) };
  }

  /**
   * Stores the planned pixel of a sent email, after its receipt and before delivery, so an
   * open that follows delivery at once always finds it. One pixel per message: a message to
   * several recipients carries one image, so its recipient is all of them.
   */
  async recordForSent(sent: SentEmailRecord, pixelId: string): Promise<void> {
    const { to, cc, bcc } = sent.recipients;
    await this.pixels.create({
      id: pixelId,
      tenantId: sent.tenantId,
      name: null,
      recipient: [...to, ...cc, ...bcc].map((r) => r.emailAddress).join(', ') || null,
      inboxId: sent.inboxId,
      sentEmailId: sent.id,
      seen: false,
      seenAt: null,
      createdAt: sent.createdAt,
    });
  }

  /**
   * The image was loaded (by anyone: the URL is public). The first load marks the pixel seen
   * and announces the open; later loads change nothing. Unknown ids are a 404.
   */
  async open(id: string): Promise<TrackingPixelRecord> {
    const result = await this.pixels.markSeen(id, this.clock.now());
    if (!result) throw notFound(`No tracking pixel ${id}`);
    const { pixel, opened } = result;
    if (opened) {
      this.bus.publish('email.opened', {
        tenantId: pixel.tenantId, inboxId: pixel.inboxId ?? '', sentId: pixel.sentEmailId, pixelId: pixel.id, createdAt: pixel.seenAt!,
      });
    }
    return pixel;
  }

  private async pageWhere(tenantId: string, filter: TrackingPixelFilter, query: TrackingPixelQuery): Promise<{ slice: Slice<TrackingPixelRecord>; request: PageRequest }> {
    const request = pageRequest(query);
    const search = query.search?.trim() || undefined;
    return { slice: await this.pixels.page(tenantId, { ...filter, search, since: query.since, before: query.before }, request), request };
  }
}
