/**
 * What only rare requests need loads on their first use, not at start: playwright-core's
 * bundles alone held ~25 MB of the main thread's heap (their source text and what compiling
 * it keeps) in a server that may never take a screenshot, and cheerio (with parse5 and
 * htmlparser2) ~7 MB where HTML work runs on the mail worker threads. A CommonJS module, once
 * loaded, is in the module cache, which this process shares with the server it starts; cheerio's
 * ES build would not be, but its selector engine's boolbase, CommonJS only, is in either case.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { startTestServer } from '../helpers/server.js';

const loaded = (name: string) => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes(`/node_modules/${name}/`));

test('a started server taking requests has not loaded playwright-core or cheerio', { timeout: 60_000 }, async () => {
  const server = await startTestServer('sqlite');
  try {
    const tenant = await server.createTenant();
    const inbox = await tenant.inboxApi.createInbox({});
    await tenant.inboxApi.getInbox({ inboxId: inbox.id! });
    assert.equal(loaded('playwright-core'), false, 'playwright-core loaded before any screenshot was asked for');
    assert.equal(loaded('cheerio'), false, 'cheerio loaded on the main thread');
    assert.equal(loaded('boolbase'), false, "cheerio's selector engine loaded on the main thread");
  } finally {
    await server.close();
  }
});
