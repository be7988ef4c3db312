import { badRequest, notFound } from '../../core/errors.js';
import type { EventBus } from '../../events/bus.js';
import { waitForEvent } from '../../events/wait.js';
import type { DeliveryStatusRecord, InboxRepository, SentEmailRepository } from '../../storage/ports.js';
import { timeoutError } from '../email/wait.js';

/** How long waitForDeliveryStatuses holds the request when the caller gives no timeout. */
export const DEFAULT_DELIVERY_WAIT_MS = 30_000;

export interface DeliveryWaitQuery {
  sentId?: string;
  inboxId?: string;
  since?: Date;
  before?: Date;
  /** zero-based position, oldest first, of the status to wait for among those matching */
  index?: number;
  timeoutMs?: number;
}

/**
 * waitForDeliveryStatuses: the index-th delivery status (oldest first) of the caller's sent
 * emails matching the filters, held until it is recorded. Re-checks the store only when a
 * delivery status of the caller (of the named sent email or inbox) is announced on the bus;
 * a timeout is a 408.
 */
export class DeliveryStatusWaiter {
  constructor(
    private readonly inboxes: InboxRepository,
    private readonly sentEmails: SentEmailRepository,
    private readonly bus: EventBus,
  ) {}

  async waitFor(tenantId: string, query: DeliveryWaitQuery): Promise<{ status: DeliveryStatusRecord; subject: string | null }> {
    const index = query.index ?? 0;
    const timeoutMs = query.timeoutMs ?? DEFAULT_DELIVERY_WAIT_MS;
    if (query.since && query.before && query.since.getTime() >= query.before.getTime()) {
      throw badRequest(`since (${query.since.toISOString()}) must be earlier than before (${query.before.toISOString()})`);
    }
    // Unknown (or another tenant's) ids are 404 at once rather than a wait that cannot end well.
    if (query.sentId && !(await this.sentEmails.findById(tenantId, query.sentId))) throw notFound(`No sent email ${query.sentId}`);
    if (query.inboxId && !(await this.inboxes.findById(tenantId, query.inboxId))) throw notFound(`No inbox ${query.inboxId}`);

    const filter = { sentId: query.sentId, inboxId: query.inboxId, since: query.since, before: query.before };
    const status = await waitForEvent(
      this.bus,
      'delivery-status.created',
      (event) => event.tenantId === tenantId
        && (!query.sentId || event.sentId === query.sentId)
        && (!query.inboxId || event.inboxId === query.inboxId),
      timeoutMs,
      async () => (await this.sentEmails.statuses(tenantId, filter, { page: index, size: 1, sort: 'ASC' })).items[0],
    );
    if (!status) {
      const scope = query.sentId ? `of sent email ${query.sentId}` : query.inboxId ? `of inbox ${query.inboxId}` : 'of your sent emails';
      throw timeoutError(`No delivery status at index ${index} ${scope} was recorded`, timeoutMs);
    }
    const sent = await this.sentEmails.findById(tenantId, status.sentId);
    return { status, subject: sent?.subject ?? null };
  }
}
