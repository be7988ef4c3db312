import type { EventBus } from '../../events/bus.js';
import type { DeliveryStatusRecord } from '../../storage/ports.js';

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
