import type { EventBus, EventMap, EventName } from '../../events/bus.js';
import { EventStream } from '../../core/operation.js';
import type { InboxService } from '../inbox/inbox.service.js';

/** The bus events a tenant may watch over GET /events, by their wire names. */
export const STREAMED_EVENTS: readonly EventName[] = [
  'email.received', 'email.read', 'email.sent', 'delivery-status.created', 'missed-email.recorded', 'inbox.expired',
  'email.opened',
  'alias.verified', 'alias.proxied',
  'ruleset.blocked', 'ruleset.bounced',
  'forwarder.event', 'replier.event',
  'scheduled-send.done', 'consent.confirmed',
  'sms.received', 'sms.sent',
];

export interface StreamFilter {
  tenantId: string;
  /** only events of these inboxes; undefined = every inbox of the tenant */
  inboxIds?: ReadonlySet<string>;
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

/** GET /events: the caller's live events, optionally of some of its inboxes only. */
export class EventStreamService {
  constructor(
    private readonly bus: EventBus,
    private readonly inboxes: InboxService,
  ) {}

  async open(tenantId: string, inboxIds: string[] | undefined): Promise<EventStream> {
    // An inbox that is not the caller's is 404 before the stream opens, as everywhere else.
    for (const id of inboxIds ?? []) await this.inboxes.get(tenantId, id);
    const filter = { tenantId, inboxIds: inboxIds ? new Set(inboxIds) : undefined };
    return new EventStream((send) => streamTenantEvents(this.bus, filter, send));
  }
}
