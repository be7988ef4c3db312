import type { Clock } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { ExpiredInboxRecord, ExpiredInboxRepository, Slice } from '../../storage/ports.js';

/** How inboxes expire unless told otherwise; from configuration. */
export interface ExpirySettings {
  /** expiry given to inboxes created without one; null = they are permanent (today's only behaviour) */
  defaultExpirationMillis: number | null;
  /** the largest expiresIn accepted; null = no limit */
  maxExpirationMillis: number | null;
}

/**
 * ExpiredController: the records expired inboxes leave. The records themselves are
 * written by the expiry job (jobs/expiry.ts), never here.
 */
export class ExpiredService {
  constructor(
    private readonly records: ExpiredInboxRepository,
    private readonly clock: Clock,
    private readonly settings: ExpirySettings,
  ) {}

  async page(
    tenantId: string,
    input: { page?: number; size?: number; sort?: SortDirection; since?: Date; before?: Date; inboxId?: string },
  ): Promise<{ slice: Slice<ExpiredInboxRecord>; request: PageRequest }> {
    const request = pageRequest(input);
    const filter = { since: input.since, before: input.before, inboxId: input.inboxId };
    return { slice: await this.records.page(tenantId, filter, request), request };
  }

  async get(tenantId: string, id: string): Promise<ExpiredInboxRecord> {
    const record = await this.records.findById(tenantId, id);
    if (!record) throw notFound(`No expired inbox record ${id}`);
    return record;
  }

  async getByInboxId(tenantId: string, inboxId: string): Promise<ExpiredInboxRecord> {
    const record = await this.records.findByInboxId(tenantId, inboxId);
    if (!record) throw notFound(`No expired inbox record for inbox ${inboxId}: it has not expired, or is not yours`);
    return record;
  }

  defaults() {
    const { defaultExpirationMillis, maxExpirationMillis } = this.settings;
    const permanent = defaultExpirationMillis === null;
    return {
      defaultExpirationMillis,
      maxExpirationMillis,
      defaultExpiresAt: permanent ? null : new Date(this.clock.now().getTime() + defaultExpirationMillis),
      canPermanentInbox: permanent,
      nextInboxAllowsPermanent: permanent,
    };
  }
}
