/**
 * Route schemas are compiled on each route's first request (transports/http/lazy-schemas.ts):
 * every one of them must still compile, and a route's very first request must validate its
 * input and serialize its answer as the eager compilers did.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/app.js';
import { systemClock } from '../../src/core/clock.js';
import { EventBus } from '../../src/events/bus.js';
import { createServices } from '../../src/services.js';
import { freshDatabase } from '../helpers/databases.js';

async function withApp(eagerSchemas: boolean, fn: (app: Awaited<ReturnType<typeof buildApp>>, key: string) => Promise<void>): Promise<void> {
  // the schemas do not depend on the dialect: SQLite alone
  const db = await freshDatabase('sqlite');
  const deps = {
    store: db.store, clock: systemClock, bus: new EventBus(), version: 'test', logLevel: 'silent', eagerSchemas,
    settings: { domain: 'pigeonhole.test', domainPool: ['pigeonhole.test'], inboxQuota: 0 },
  };
  const services = createServices(deps);
  const app = await buildApp(deps, services);
  try {
    await app.ready();
    const key = `ph_admin_${randomBytes(16).toString('hex')}`;
    await services.users.bootstrapAdmin('admin@pigeonhole.test', key);
    await fn(app, key);
  } finally {
    await app.close();
    await db.cleanup();
  }
}

test('every route\'s validators and serializers compile (as Fastify\'s eager compilers do at start-up)', async () => {
  await withApp(true, async (app) => {
    assert.ok(app.printRoutes().includes('inboxes'), 'the API routes were registered and compiled');
  });
});

test('a route\'s first request refuses bad input with the reason named', async () => {
  await withApp(false, async (app, key) => {
    const bad = await app.inject({ url: '/inboxes/not-a-uuid', headers: { 'x-api-key': key } });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json<{ message: string }>().message, /path parameter 'inboxId' must be a UUID/);
    // the second request through the now-compiled validator says the same
    const again = await app.inject({ url: '/inboxes/not-a-uuid', headers: { 'x-api-key': key } });
    assert.equal(again.json<{ message: string }>().message, bad.json<{ message: string }>().message);
  });
});

test('a route\'s first answer is serialized by its response schema', async () => {
  await withApp(false, async (app, key) => {
    const created = await app.inject({ method: 'POST', url: '/inboxes', headers: { 'x-api-key': key } });
    assert.equal(created.statusCode, 201, created.body);
    const inbox = created.json<Record<string, unknown>>();
    assert.match(String(inbox.id), /^[0-9a-f-]{36}$/);
    // the schema's date-time fields are ISO strings and its field set is the model's
    assert.match(String(inbox.createdAt), /^\d{4}-\d\d-\d\dT/);
    const read = await app.inject({ url: `/inboxes/${String(inbox.id)}`, headers: { 'x-api-key': key } });
    assert.deepEqual(Object.keys(read.json()).sort(), Object.keys(inbox).sort());
  });
});
