import type { Clock } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { EventBus } from '../../events/bus.js';
import { waitForEvent } from '../../events/wait.js';
import type { IngestService } from '../email/ingest.service.js';
import { timeoutError } from '../email/wait.js';
import type {
  EmailRepository, InboxRepository, MissedEmailFilter, MissedEmailRecord, MissedEmailRepository, Slice,
} from '../../storage/ports.js';
import { restoring } from './email-cap.step.js';

export interface MissedEmailQuery {
  page?: number;
  size?: number;
  sort?: SortDirection;
  search?: string;
  since?: Date;
  before?: Date;
  inboxId?: string;
}

/** Restores are done in slices of this many records, so a large backlog is never loaded at once. */
const RESTORE_BATCH = 50;

/**
 * MissedEmailController: mail a tenant did not get because it was at its email cap.
 * The records are written by TenantEmailCapStep during ingest, never here.
 */
export class MissedEmailService {
  constructor(
    private readonly missed: MissedEmailRepository,
    private readonly inboxes: InboxRepository,
    private readonly emails: EmailRepository,
    private readonly ingest: IngestService,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    /** the tenant email cap; 0 = none */
    private readonly cap: number,
  ) {}

  async page(tenantId: string, query: MissedEmailQuery): Promise<{ slice: Slice<MissedEmailRecord>; request: PageRequest }> {
    if (query.inboxId) await this.checkInbox(tenantId, query.inboxId);
    const request = pageRequest(query);
    return { slice: await this.missed.page(tenantId, filterOf(query), request), request };
  }

  /**
   * getAllUnknownMissedEmails: missed mail whose address no longer has an inbox. Mail for an
   * address that never had one is refused at RCPT (550, never an open relay), so the unknown
   * ones are the records left behind when their inbox was deleted; they cannot be restored.
   */
  async unknownPage(tenantId: string, query: MissedEmailQuery): Promise<{ slice: Slice<MissedEmailRecord>; request: PageRequest }> {
    if (query.inboxId) await this.checkInbox(tenantId, query.inboxId);
    const request = pageRequest(query);
    return { slice: await this.missed.page(tenantId, { ...filterOf(query), inboxGone: true }, request), request };
  }

  async get(tenantId: string, id: string): Promise<MissedEmailRecord> {
    const record = await this.missed.findById(tenantId, id);
    if (!record) throw notFound(`No missed email ${id}`);
    return record;
  }

  /**
   * waitForNthMissedEmail: the index-th (zero-based, oldest first) missed email matching the
   * filter, waiting up to timeoutMs for it to be recorded.
   */
  async waitForNth(
    tenantId: string,
    query: { index: number; inboxId?: string; since?: Date; before?: Date; timeoutMs: number },
  ): Promise<MissedEmailRecord> {
    if (query.inboxId) await this.checkInbox(tenantId, query.inboxId);
    const filter = filterOf(query);
    const found = await waitForEvent(
      this.bus,
      'missed-email.recorded',
      { tenantId, inboxIds: query.inboxId ? [query.inboxId] : undefined },
      query.timeoutMs,
      async () => (await this.missed.list(tenantId, filter, { sort: 'ASC', offset: query.index, limit: 1 }))[0],
    );
    if (!found) {
      const where = query.inboxId ? ` for inbox ${query.inboxId}` : '';
      throw timeoutError(`Missed email number ${query.index} (zero-based)${where} was not recorded`, query.timeoutMs);
    }
    return found;
  }

  /**
   * restoreMissedEmails: oldest first, stores each record as a real email of its inbox
   * (through ingest, so waits and events see it) and deletes the record, for as long as the
   * cap leaves room. Records whose inbox is gone or expired stay, as do those the cap has no
   * room for yet. Returns how many were restored.
   */
  async restore(tenantId: string): Promise<number> {
    let kept = 0;
    let restored = 0;
    for (;;) {
      const room = this.cap > 0 ? this.cap - (await this.emails.count(tenantId)) : RESTORE_BATCH;
      if (room <= 0) return restored;
      // The kept records are exactly the first `kept` in this order: skip past them.
      const batch = await this.missed.list(tenantId, {}, { sort: 'ASC', offset: kept, limit: Math.min(room, RESTORE_BATCH) });
      if (batch.length === 0) return restored;
      for (const record of batch) {
        if (await this.restoreOne(tenantId, record)) restored++;
        else kept++;
      }
    }
  }

  private async restoreOne(tenantId: string, record: MissedEmailRecord): Promise<boolean> {
    const inbox = await this.inboxes.findById(tenantId, record.inboxId);
    if (!inbox || (inbox.expiresAt && inbox.expiresAt.getTime() <= this.clock.now().getTime())) return false;
    const raw = await this.missed.raw(tenantId, record.id);
    if (!raw) return false;
    const stored = await restoring.run(true, () => this.ingest.deliver(raw, [inbox]));
    // Nothing stored: mail raced in and filled the cap, or a later step dropped it. The
    // record stays so nothing is lost.
    if (stored.length === 0) return false;
    await this.missed.delete(tenantId, record.id);
    return true;
  }

  /** An inbox filter must name one of the caller's inboxes, or one its missed emails were for. */
  private async checkInbox(tenantId: string, inboxId: string): Promise<void> {
    if (await this.inboxes.findById(tenantId, inboxId)) return;
    if ((await this.missed.count(tenantId, { inboxId })) > 0) return;
    throw notFound(`No inbox ${inboxId}`);
  }
}

const filterOf = (q: { search?: string; since?: Date; before?: Date; inboxId?: string }): MissedEmailFilter => ({
  search: q.search || undefined,
  since: q.since,
  before: q.before,
  inboxId: q.inboxId,
});
