import type { Static } from '@sinclair/typebox';
import type { Clock } from '../../core/clock.js';
import { badRequest } from '../../core/errors.js';
import type { InboxRecord, SenderSeatRepository } from '../../storage/ports.js';
import type { SendGuard, SendRecipients } from '../sending/sending.types.js';
import type { DeliverySenderCapacityDto } from './sender-seats.schemas.js';

export type DeliverySenderCapacity = Static<typeof DeliverySenderCapacityDto>;

/**
 * Delivery sender seats (PUT/DELETE /sending-connections/sender-seats): a cap on how many
 * distinct inboxes of the account may send. While a cap is set, an inbox takes a seat at its
 * first send (API, SMTP submission, queued, scheduled, canSend) and keeps it until it is
 * deleted or the cap is removed; a send from an inbox without a seat when all are taken is
 * refused with a 400 naming the cap. Without a cap no seats are held.
 */
export class SenderSeatService {
  readonly guard: SendGuard;

  constructor(
    private readonly seats: SenderSeatRepository,
    private readonly clock: Clock,
  ) {
    this.guard = { name: 'sender-seats', check: (inbox, recipients) => this.check(inbox, recipients) };
  }

  async capacity(tenantId: string): Promise<DeliverySenderCapacity> {
    const cap = await this.seats.cap(tenantId, 'delivery');
    const holders = cap === undefined ? [] : await this.seats.holders(tenantId);
    return { seats: cap ?? null, used: holders.length, available: cap === undefined ? null : Math.max(0, cap - holders.length), inboxIds: holders };
  }

  /** Sets the cap. Lowering it below the seats held keeps them (nothing already sending is cut off); no inbox gets a new one until enough are freed. */
  async setCap(tenantId: string, seats: number): Promise<DeliverySenderCapacity> {
    await this.seats.setCap(tenantId, 'delivery', seats, this.clock.now());
    return this.capacity(tenantId);
  }

  /** Removes the cap and frees every seat. */
  async removeCap(tenantId: string): Promise<DeliverySenderCapacity> {
    await this.seats.removeCap(tenantId, 'delivery');
    return this.capacity(tenantId);
  }

  private async check(inbox: InboxRecord, recipients: SendRecipients): Promise<SendRecipients> {
    const cap = await this.seats.cap(inbox.tenantId, 'delivery');
    if (cap === undefined) return recipients;
    if (await this.seats.take(inbox.tenantId, inbox.id, cap, this.clock.now())) return recipients;
    throw badRequest(`Inbox ${inbox.id} has no sender seat and all ${cap} seats of the account's delivery sender cap are taken; `
      + 'free one by deleting an inbox that holds one, raise the cap with PUT /sending-connections/sender-seats, or remove it with DELETE; nothing was sent');
  }
}
