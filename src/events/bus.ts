import { EventEmitter } from 'node:events';

/** Events and their payloads. Published only after the change they describe is committed. */
export interface EventMap {
  'email.received': { tenantId: string; inboxId: string; emailId: string; createdAt: Date };
}
export type EventName = keyof EventMap;

/**
 * In-process typed bus. Subscribers are side effects (waiters, later webhooks and the
 * dashboard); they must not throw into the publisher, so their errors are contained.
 */
export class EventBus {
  private readonly emitter = new EventEmitter({ captureRejections: false });

  constructor() {
    // Thousands of concurrent waiters are normal for a test server.
    this.emitter.setMaxListeners(0);
  }

  publish<N extends EventName>(name: N, payload: EventMap[N]): void {
    this.emitter.emit(name, payload);
  }

  /** Returns the unsubscribe function. */
  subscribe<N extends EventName>(name: N, handler: (payload: EventMap[N]) => void): () => void {
    const safe = (payload: EventMap[N]) => {
      try {
        handler(payload);
      } catch {
        // a broken subscriber must not break delivery or other subscribers
      }
    };
    this.emitter.on(name, safe);
    return () => this.emitter.off(name, safe);
  }
}
