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

/**
 * Resolves once fewer than `count` waiters for `name` are registered (a held wait let go),
 * yielding to the event loop between looks; fails after `limitMs` so a leak cannot hang a test.
 */
export async function waitersBelow(bus: EventBus, name: EventName, count: number, limitMs = 5_000): Promise<void> {
  const registry = waitersOf(bus);
  const deadline = Date.now() + limitMs;
  while (registry.count(name) >= count) {
    if (Date.now() > deadline) throw new Error(`a ${name} wait was not released within ${limitMs} ms`);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
