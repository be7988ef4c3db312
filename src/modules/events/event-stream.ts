import type { EventBus, EventMap, EventName } from '../../events/bus.js';

/** The bus events a tenant may watch over GET /events, by their wire names. */
export const STREAMED_EVENTS: readonly EventName[] = [
  'email.received', 'email.read', 'email.sent', 'delivery-status.created', 'missed-email.recorded', 'inbox.expired',
  'email.opened',
];

export interface StreamFilter {
  tenantId: string;
  /** only events of these inboxes; undefined = every inbox of the tenant */
  inboxIds?: ReadonlySet<string>;
}

/** One server-sent event, framed per the EventSource spec (an id line, an event line, data). */
export function frame(id: number, name: string, payload: Record<string, unknown>): string {
  // JSON has no raw newlines, so the data fits the single data line the framing needs.
  return `id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
}

/**
 * Subscribes `send` to the tenant's events (never another tenant's), optionally narrowed
 * to some inboxes. Returns the unsubscribe function.
 */
export function streamTenantEvents(bus: EventBus, filter: StreamFilter, send: (name: EventName, payload: EventMap[EventName]) => void): () => void {
  const unsubscribers = STREAMED_EVENTS.map((name) =>
    bus.subscribe(name, (payload) => {
      if (payload.tenantId !== filter.tenantId) return;
      if (filter.inboxIds && !filter.inboxIds.has(payload.inboxId)) return;
      send(name, payload);
    }),
  );
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}
