/**
 * A slow webhook target cannot starve the others: the delivery worker keeps at most a quarter
 * of its attempts (16 of 64) in flight to one target (a URL's origin), so a receiver that holds
 * every request leaves room for the rest.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { smtpTransport } from '../helpers/smtp.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

/** A receiver that answers nothing until released: each request stays in flight. */
async function startHoldingReceiver() {
  const held: http.ServerResponse[] = [];
  const waiters: Array<() => void> = [];
  let waitingFor = Infinity;
  const server = http.createServer((req, res) => {
    req.resume();
    held.push(res);
    if (held.length >= waitingFor) for (const w of waiters.splice(0)) w();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    held,
    /** resolves once `count` requests are held at once */
    holding(count: number): Promise<void> {
      if (held.length >= count) return Promise.resolve();
      waitingFor = count;
      return new Promise((resolve) => waiters.push(resolve));
    },
    async close() {
      for (const res of held.splice(0)) res.end('ok');
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describeEachDialect('webhook targets', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  let fast: WebhookReceiver;
  let slow: Awaited<ReturnType<typeof startHoldingReceiver>>;
  before(async () => {
    server = await startTestServer(dialect, { env: { PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE: 'false', PIGEONHOLE_WEBHOOK_TIMEOUT: '60000' } });
    tenant = await server.createTenant();
    fast = await startWebhookReceiver();
    slow = await startHoldingReceiver();
  });
  after(async () => {
    await slow.close();
    await fast.close();
    await server.close();
  });

  test('a target holding every request gets at most 16 at once, and another target is served meanwhile', { timeout: 60_000 }, async () => {
    const slowInbox = await tenant.inboxApi.createInboxWithDefaults();
    const fastInbox = await tenant.inboxApi.createInboxWithDefaults();
    await tenant.mailslurp.webhookController.createWebhook({ inboxId: slowInbox.id, createWebhookOptions: { url: slow.url, name: 'slow' } });
    await tenant.mailslurp.webhookController.createWebhook({ inboxId: fastInbox.id, createWebhookOptions: { url: fast.url, name: 'fast' } });
    const smtp = smtpTransport(server);
    try {
      // more deliveries to the slow target than the worker has places in all (64)
      await Promise.all(Array.from({ length: 70 }, (_, i) =>
        smtp.sendMail({ from: 'app@example.com', to: slowInbox.emailAddress, subject: `slow ${i}`, text: 'x' })));
      await slow.holding(16);
      await Promise.all(Array.from({ length: 3 }, (_, i) =>
        smtp.sendMail({ from: 'app@example.com', to: fastInbox.emailAddress, subject: `fast ${i}`, text: 'x' })));
      const served = await fast.waitFor(3);
      assert.deepEqual(served.map((r) => (r.json as { subject?: string }).subject).sort(), ['fast 0', 'fast 1', 'fast 2']);
      assert.equal(slow.held.length, 16, 'the slow target holds its limit, no more');
    } finally {
      smtp.close();
    }
  });
});
