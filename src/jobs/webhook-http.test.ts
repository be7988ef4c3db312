import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { postWebhook } from './webhook-http.js';

/** A local HTTP server answering every request with `respond`; resolves with its base URL. */
async function serve(host: string, respond: (url: string) => { status: number; location?: string }): Promise<{ url: string; hits: string[]; server: Server }> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? '');
    request.resume();
    const { status, location } = respond(request.url ?? '');
    response.writeHead(status, location ? { location } : {}).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { url: `http://${host}:${(server.address() as AddressInfo).port}`, hits, server };
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

test('with private targets blocked, a redirect to a private address is refused at that hop', async () => {
  // Every local address is private, so the test names 127.0.0.2 the only private one.
  const inside = await serve('127.0.0.2', () => ({ status: 200 }));
  const outside = await serve('127.0.0.1', () => ({ status: 302, location: `${inside.url}/secret` }));
  try {
    const options = { timeoutMs: 5000, blockPrivate: true, isPrivate: (address: string) => address === '127.0.0.2' };
    const attempt = await postWebhook({ url: `${outside.url}/hook`, headers: { 'content-type': 'application/json' }, body: '{}' }, options);
    assert.equal(attempt.status, null);
    assert.match(attempt.error ?? '', /target refused: 127\.0\.0\.2 is a private address/);
    assert.deepEqual(outside.hits, ['/hook'], 'the allowed first hop was called');
    assert.deepEqual(inside.hits, [], 'the private target never was');

    const followed = await postWebhook({ url: `${outside.url}/hook`, headers: {}, body: '{}' }, { ...options, blockPrivate: false });
    assert.equal(followed.status, 200, 'without the block the redirect is followed');
    assert.deepEqual(inside.hits, ['/secret']);
  } finally {
    await Promise.all([close(inside.server), close(outside.server)]);
  }
});
