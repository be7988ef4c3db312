/**
 * What only rare requests need loads on their first use, not at start: playwright-core's
 * bundles alone held ~25 MB of the main thread's heap (their source text and what compiling
 * it keeps) in a server that may never take a screenshot. playwright-core is CommonJS, so once
 * loaded it is in the module cache, which this process shares with the server it starts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { startTestServer } from '../helpers/server.js';

const loaded = (name: string) => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes(`/node_modules/${name}/`));

test('a started server taking requests has not loaded playwright-core', { timeout: 60_000 }, async () => {
  const server = await startTestServer('sqlite');
  try {
    const tenant = await server.createTenant();
    const inbox = await tenant.inboxApi.createInbox({});
    await tenant.inboxApi.getInbox({ inboxId: inbox.id! });
    assert.equal(loaded('playwright-core'), false, 'playwright-core loaded before any screenshot was asked for');
  } finally {
    await server.close();
  }
});
