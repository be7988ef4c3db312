import type { EventBus, EventMap, EventName, LocalOf } from './bus.js';

/**
 * Which events a waiter cares about: those of some inboxes of a tenant, or every event of
 * the tenant when no inbox is named. A predicate is the fallback for anything else; such
 * waiters see every event of their name, so prefer a scope.
 */
export type WaitScope<N extends EventName> =
  | { tenantId: string; inboxIds?: readonly string[] }
  | ((event: EventMap[N]) => boolean);

/** The fields every event carries that waiters are indexed by. */
type Keyed = { tenantId: string; inboxId?: string };

interface Waiter {
  accepts(event: Keyed): boolean;
  /** gets what the publisher had in memory (LocalExtras), when the event was published here */
  wake(local?: unknown): void;
}

interface NameIndex {
  /** `inbox:<id>`, `tenant:<id>` or `*` (predicate waiters) → the waiters registered there */
  byKey: Map<string, Set<Waiter>>;
  size: number;
  unsubscribe: () => void;
}

const ANY = '*';
const inboxKey = (id: string) => `inbox:${id}`;
const tenantKey = (id: string) => `tenant:${id}`;

/**
 * Routes each published event only to the waiters of its inbox and of its tenant, so ten
 * thousand waiters on other inboxes cost nothing per event (two map lookups), instead of one
 * handler call each. The bus sees one subscription per event name, held while at least one
 * waiter of that name exists and dropped with the last one.
 */
export class WaiterRegistry {
  private readonly names = new Map<EventName, NameIndex>();

  constructor(private readonly bus: EventBus) {}

  /** Calls `wake` for each event of `name` within `scope` until the returned function is called. */
  add<N extends EventName>(name: N, scope: WaitScope<N>, wake: (local?: LocalOf<N>) => void): () => void {
    const index = this.indexOf(name);
    let waiter: Waiter;
    let keys: string[];
    if (typeof scope === 'function') {
      waiter = { accepts: (event) => scope(event as EventMap[N]), wake };
      keys = [ANY];
    } else {
      // Inbox ids are unique, but the tenant is checked too: a waiter never sees another's events.
      waiter = { accepts: (event) => event.tenantId === scope.tenantId, wake };
      keys = scope.inboxIds ? [...new Set(scope.inboxIds)].map(inboxKey) : [tenantKey(scope.tenantId)];
    }
    for (const key of keys) {
      let set = index.byKey.get(key);
      if (!set) index.byKey.set(key, (set = new Set()));
      set.add(waiter);
    }
    index.size++;
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      for (const key of keys) {
        const set = index.byKey.get(key);
        set?.delete(waiter);
        if (set?.size === 0) index.byKey.delete(key);
      }
      if (--index.size === 0) {
        index.unsubscribe();
        this.names.delete(name);
      }
    };
  }

  /** Waiters registered now, of every event name (the metrics' waits held). */
  total(): number {
    let sum = 0;
    for (const index of this.names.values()) sum += index.size;
    return sum;
  }

  /** Waiters currently registered for `name` (for tests and diagnostics). */
  count(name: EventName): number {
    return this.names.get(name)?.size ?? 0;
  }

  private indexOf(name: EventName): NameIndex {
    const existing = this.names.get(name);
    if (existing) return existing;
    const byKey = new Map<string, Set<Waiter>>();
    const unsubscribe = this.bus.subscribe(name, (payload, local) => {
      const event = payload as Keyed;
      const keys = [tenantKey(event.tenantId), ANY];
      if (event.inboxId) keys.push(inboxKey(event.inboxId));
      for (const key of keys) {
        for (const waiter of byKey.get(key) ?? []) {
          try {
            if (waiter.accepts(event)) waiter.wake(local);
          } catch {
            // a throwing predicate fails only its own waiter, never the others
          }
        }
      }
    });
    const index: NameIndex = { byKey, size: 0, unsubscribe };
    this.names.set(name, index);
    return index;
  }
}

const registries = new WeakMap<EventBus, WaiterRegistry>();

/** The registry of a bus (one per bus, made on first use). */
export function waitersOf(bus: EventBus): WaiterRegistry {
  let registry = registries.get(bus);
  if (!registry) registries.set(bus, (registry = new WaiterRegistry(bus)));
  return registry;
}
