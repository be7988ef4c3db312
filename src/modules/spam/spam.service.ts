import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { Slice, SpamEmailRecord, SpamEmailRepository } from '../../storage/ports.js';

/**
 * SpamEmailController: records of received mail a spam check flagged. SpamScoreService writes
 * them (a SpamAssassin score at or over PIGEONHOLE_SPAM_THRESHOLD); this listing shows them.
 */
export class SpamEmailService {
  constructor(private readonly repo: SpamEmailRepository) {}

  async page(
    tenantId: string,
    query: { page?: number; size?: number; sort?: SortDirection; since?: Date; before?: Date; inboxId?: string },
  ): Promise<{ slice: Slice<SpamEmailRecord>; request: PageRequest }> {
    const request = pageRequest(query);
    return { slice: await this.repo.page(tenantId, { inboxId: query.inboxId, since: query.since, before: query.before }, request), request };
  }
}
