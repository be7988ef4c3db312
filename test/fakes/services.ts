/**
 * Every service as the composition root (src/services.ts) builds them, on fake
 * repositories, a ManualClock and a real in-process EventBus: a service under test gets
 * the real services it depends on.
 */
import { ManualClock } from '../../src/core/clock.js';
import { EventBus } from '../../src/events/bus.js';
import { createServices, type ServiceDeps, type Services } from '../../src/services.js';
import type { InboxSettings } from '../../src/modules/inbox/inbox.service.js';
import { fakeRepositories, fakeStore, type FakeRepositories } from './repositories.js';
import { MemoryTables } from './tables.js';

export const TEST_DOMAIN = 'pigeonhole.test';
export const TEST_DOMAIN_POOL = ['pool-one.test', 'pool-two.test'] as const;

export interface FakeServicesOptions extends Partial<Omit<ServiceDeps, 'store' | 'bus' | 'clock' | 'settings'>> {
  clock?: ManualClock;
  bus?: EventBus;
  settings?: Partial<InboxSettings>;
}

export interface FakeServices {
  services: Services;
  repos: FakeRepositories;
  tables: MemoryTables;
  clock: ManualClock;
  bus: EventBus;
}

export function fakeServices(options: FakeServicesOptions = {}): FakeServices {
  const { clock = new ManualClock(), bus = new EventBus(), settings, ...deps } = options;
  const tables = new MemoryTables();
  const repos = fakeRepositories(tables);
  const services = createServices({
    ...deps,
    store: fakeStore(repos),
    bus,
    clock,
    settings: { domain: TEST_DOMAIN, domainPool: [...TEST_DOMAIN_POOL], inboxQuota: 0, ...settings },
  });
  return { services, repos, tables, clock, bus };
}
