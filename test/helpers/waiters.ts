import type { EventBus, EventName } from '../../src/events/bus.js';
import { waitersOf } from '../../src/events/waiters.js';

/**
 * Resolves once `count` more waiters for `name` have registered on the server's bus, so a
 * test can act strictly after its waits started: proof they are woken by the event, not
 * answered by their first look at the store.
 */
export function waitersRegistered(bus: EventBus, name: EventName, count = 1): Promise<void> {
  const registry = waitersOf(bus);
  const original = registry.add.bind(registry);
  let seen = 0;
  return new Promise((resolve) => {
    registry.add = ((event, scope, wake) => {
      const remove = original(event, scope, wake);
      if (event === name && ++seen === count) {
        Reflect.deleteProperty(registry, 'add');
        resolve();
      }
      return remove;
    }) as typeof registry.add;
  });
}
