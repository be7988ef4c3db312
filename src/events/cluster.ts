import { randomUUID } from 'node:crypto';
import type { LogSink } from '../core/logger.js';
import type { Notifications } from '../storage/ports.js';
import type { EventBus, EventMap, EventName } from './bus.js';

interface Envelope {
  /** the node that published it */
  node: string;
  name: EventName;
  payload: Record<string, unknown>;
}

/** Payload fields that are dates travel as ISO strings and are revived on arrival. */
const DATE_FIELD = /At$/;

function revive(payload: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(payload).map(([key, value]) =>
    [key, DATE_FIELD.test(key) && typeof value === 'string' ? new Date(value) : value]));
}

/**
 * Joins this node's bus to the other nodes on the same database: every event published
 * here is sent to them, and theirs are published here, so a waiter on one node wakes for
 * mail that arrived on another. Events carry ids only, so they fit NOTIFY's 8000 bytes.
 */
export async function joinCluster(bus: EventBus, notifications: Notifications, log: LogSink): Promise<() => Promise<void>> {
  const node = randomUUID();
  const stopListening = await notifications.listen((message) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch (err) {
      log.warn({ err }, 'cluster: ignoring a malformed event');
      return;
    }
    if (envelope.node === node) return;
    bus.publishFromPeer(envelope.name, revive(envelope.payload) as EventMap[EventName]);
  });
  const stopForwarding = bus.onLocalPublish((name, payload) => {
    const envelope: Envelope = { node, name, payload: payload as unknown as Record<string, unknown> };
    notifications.publish(JSON.stringify(envelope)).catch((err: unknown) => log.warn({ err, event: name }, 'cluster: could not forward an event'));
  });
  return async () => {
    stopForwarding();
    await stopListening();
  };
}
