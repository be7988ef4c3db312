/**
 * The optional per-key request rate limit (PIGEONHOLE_RATE_LIMIT, off by default): counted per
 * API key, not per address, answered 429 with Retry-After and the x-ratelimit-* headers.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDialect, startTestServer, type TestServer } from '../helpers/server.js';

const PER_MINUTE = 3;

describeEachDialect('per-key rate limit', (dialect) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(dialect, { env: { PIGEONHOLE_RATE_LIMIT: String(PER_MINUTE) } });
  });
  after(() => server.close());

  test('a key over its requests per minute gets 429 with Retry-After; another key from the same address does not', async () => {
    const a = await server.createTenant();
    const b = await server.createTenant();
    for (let i = 0; i < PER_MINUTE; i++) {
      const ok = await a.fetch('/inboxes');
      assert.equal(ok.status, 200);
      assert.equal(ok.headers.get('x-ratelimit-limit'), String(PER_MINUTE));
      assert.equal(ok.headers.get('x-ratelimit-remaining'), String(PER_MINUTE - 1 - i));
    }
    const limited = await a.fetch('/inboxes');
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) > 0, 'Retry-After in seconds');
    assert.equal(limited.headers.get('x-ratelimit-remaining'), '0');
    const body = (await limited.json()) as { status: number; message: string };
    assert.equal(body.status, 429);
    assert.match(body.message, /Rate limit of 3 requests per minute for this API key exceeded \(PIGEONHOLE_RATE_LIMIT\)/);

    assert.equal((await b.fetch('/inboxes')).status, 200, 'the other key has its own count');
    assert.equal((await server.fetch('/health', { key: null })).status, 200, 'public routes are not counted');
  });
});
