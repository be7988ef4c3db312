import type { EventBus } from '../../events/bus.js';
import type { DeliveryStatusRecord, SentEmailRecord } from '../../storage/ports.js';

/** Announces stored delivery statuses (after their commit) to waiters and other subscribers. */
export function publishDeliveryStatuses(bus: EventBus, statuses: DeliveryStatusRecord[]): void {
  for (const status of statuses) {
    bus.publish('delivery-status.created', {
      tenantId: status.tenantId,
      inboxId: status.inboxId,
      sentId: status.sentId,
      deliveryStatusId: status.id,
      createdAt: status.createdAt,
    });
  }
}

/** Announces a send once its receipt and every recipient's outcome are stored. */
export function publishSent(bus: EventBus, sent: SentEmailRecord): void {
  bus.publish('email.sent', { tenantId: sent.tenantId, inboxId: sent.inboxId, sentId: sent.id, createdAt: sent.createdAt });
}
