/**
 * Start-up puts the admin key in place only once every port is bound (so a start that fails
 * on a port generates no key); a request that arrives in between waits for it instead of
 * being refused, before authentication as well.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/app.js';
import { systemClock } from '../../src/core/clock.js';
import { EventBus } from '../../src/events/bus.js';
import { createServices } from '../../src/services.js';
import { freshDatabase } from '../helpers/databases.js';
import { describeEachDialect } from '../helpers/server.js';

describeEachDialect('requests during start-up', (dialect) => {
  test('a request with the configured admin key, sent before the key is in place, waits and is answered', async () => {
    const db = await freshDatabase(dialect);
    const deps = {
      store: db.store, clock: systemClock, bus: new EventBus(), version: 'test', logLevel: 'silent',
      settings: { domain: 'pigeonhole.test', domainPool: ['pigeonhole.test'], inboxQuota: 0 },
    };
    const services = createServices(deps);
    let open!: () => void;
    const ready = new Promise<void>((resolve) => (open = resolve));
    const app = await buildApp({ ...deps, ready }, services);
    try {
      await app.ready();
      const key = `ph_admin_${randomBytes(16).toString('hex')}`;
      let answered = false;
      const early = app.inject({ url: '/user/info', headers: { 'x-api-key': key } }).finally(() => (answered = true));
      const health = app.inject({ url: '/health' });
      // Several database round trips: time enough for the request to have been refused (its
      // key is not there yet) had it not been held.
      for (let n = 0; n < 5; n++) await db.store.ping();
      assert.equal(answered, false, 'held until start-up is done, not refused with 401');
      // What start-up does after binding the ports: the key goes in, then the gate opens.
      await services.users.bootstrapAdmin('admin@pigeonhole.test', key);
      assert.equal(answered, false);
      open();
      const response = await early;
      assert.equal(response.statusCode, 200, response.body);
      assert.equal((await health).statusCode, 200);
    } finally {
      await app.close();
      await db.cleanup();
    }
  });
});
