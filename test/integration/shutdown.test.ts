import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDialect, startTestServer } from '../helpers/server.js';
import { waitersRegistered } from '../helpers/waiters.js';

describeEachDialect('stopping a node', (dialect) => {
  test('held waits answer 503 at once and open event streams end, so stopping never hangs on clients', async () => {
    const server = await startTestServer(dialect);
    let closed = false;
    try {
      const tenant = await server.createTenant();
      const inbox = await tenant.mailslurp.createInbox();
      const registered = waitersRegistered(server.server.bus, 'email.received');
      const held = fetch(`${server.url}/inboxes/getLatestEmail?inboxId=${inbox.id}&timeoutMillis=60000`, { headers: { 'x-api-key': tenant.apiKey } });
      await registered;
      const stream = await fetch(`${server.url}/events`, { headers: { 'x-api-key': tenant.apiKey } });
      const streamEnded = stream.text().then(() => 'ended', () => 'ended');

      await server.close();
      closed = true;
      const answer = await held;
      assert.equal(answer.status, 503);
      assert.match(((await answer.json()) as { message: string }).message, /shutting down/);
      assert.equal(await streamEnded, 'ended');
    } finally {
      if (!closed) await server.close();
    }
  });
});
