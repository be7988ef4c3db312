import { test } from 'node:test';
import { createServer } from 'node:http';
import assert from 'node:assert/strict';
import { backoffMs, outcomeOf } from './webhook-delivery.js';
import { isPrivateAddress, postWebhook } from './webhook-http.js';
import { renderBody, signatureMatches, signBody } from './webhook-signature.js';
import type { ClaimedDelivery } from '../storage/ports.js';

const settings = { timeoutMs: 1000, retryWindowMs: 1000, retryBaseMs: 100, blockPrivate: false };
const job = (attempts: number, windowStart = 0) => ({ attempts, windowStart } as ClaimedDelivery);
const answer = (status: number | null) => ({ status, bodyExcerpt: null, durationMs: 1, error: status === null ? 'refused' : null });

test('backoff doubles from the base and is capped', () => {
  assert.deepEqual([1, 2, 3, 4, 5].map((n) => backoffMs(n, 100, 500)), [100, 200, 400, 500, 500]);
});

test('an attempt is delivered on 2xx, retried on other answers and errors, dead past the window, and 410 disables', () => {
  assert.deepEqual(outcomeOf(job(0), answer(204), 0, settings), { resultType: 'SUCCESS', next: { state: 'delivered' }, disable: false });
  assert.deepEqual(outcomeOf(job(0), answer(500), 10, settings), { resultType: 'BAD_RESPONSE', next: { state: 'pending', nextAttemptAt: 110 }, disable: false });
  assert.deepEqual(outcomeOf(job(2), answer(null), 10, settings), { resultType: 'EXCEPTION', next: { state: 'pending', nextAttemptAt: 410 }, disable: false });
  assert.deepEqual(outcomeOf(job(3), answer(503), 900, settings), { resultType: 'EXHAUSTED', next: { state: 'dead' }, disable: false });
  assert.deepEqual(outcomeOf(job(0), answer(410), 0, settings), { resultType: 'BAD_RESPONSE', next: { state: 'dead' }, disable: true });
});

test('private, loopback and link-local addresses are recognised, IPv4-mapped ones too', () => {
  for (const a of ['127.0.0.1', '10.0.0.8', '172.20.1.1', '192.168.1.1', '169.254.169.254', '::1', 'fe80::1', 'fd00::5', '::ffff:127.0.0.1', '0.0.0.0']) {
    assert.equal(isPrivateAddress(a), true, a);
  }
  for (const a of ['8.8.8.8', '172.32.0.1', '2606:4700::1111', 'example.com']) assert.equal(isPrivateAddress(a), false, a);
});

test('signatures are HMAC-SHA256 of the body; templates fill {{fields}}', () => {
  const body = '{"a":1}';
  const sig = signBody('key', body);
  assert.equal(signatureMatches('key', body, sig), true);
  assert.equal(signatureMatches('key', '{"a":2}', sig), false);
  assert.equal(signatureMatches('other', body, sig), false);
  assert.equal(renderBody('{"subject":"Hi","to":["x@y"],"n":null}', '{{subject}}|{{ to }}|{{n}}|{{missing}}'), 'Hi|["x@y"]||');
  assert.equal(renderBody(body, null), body);
});

test('redirects are followed (307 repeats the POST) and each hop is checked when private targets are blocked', async () => {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.url === '/moved') {
        res.writeHead(307, { location: '/final' }).end();
        return;
      }
      bodies.push(`${req.method} ${req.url} ${body}`);
      res.end('done');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  try {
    const target = { url: `http://127.0.0.1:${port}/moved`, headers: { 'content-type': 'application/json' }, body: '{"x":1}' };
    const followed = await postWebhook(target, { timeoutMs: 2000, blockPrivate: false });
    assert.equal(followed.status, 200);
    assert.equal(followed.bodyExcerpt, 'done');
    assert.deepEqual(bodies, ['POST /final {"x":1}']);
    const blocked = await postWebhook(target, { timeoutMs: 2000, blockPrivate: true });
    assert.equal(blocked.status, null);
    assert.match(blocked.error!, /target refused/);
    assert.equal(bodies.length, 1);
  } finally {
    server.close();
  }
});
