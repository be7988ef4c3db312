import { test } from 'node:test';
import { connect } from 'node:net';
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
  test('connections that have not sent a whole request (a preconnect, half a request) are closed, not waited for', async () => {
    const server = await startTestServer(dialect);
    const { port } = new URL(server.url);
    const opened = async (first?: string) => {
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      if (first) socket.write(first);
      socket.on('error', () => {});
      return { ended: new Promise<void>((resolve) => socket.once('close', () => resolve())) };
    };
    const silent = await opened();
    const half = await opened('GET /health HTTP/1.1\r\nHost: localhost\r\n');
    // Node's headers timeout (a minute) is what held the stop before: well under it is the bar.
    const stopped = server.close().then(() => 'stopped');
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise((resolve) => { timer = setTimeout(resolve, 20_000, 'still waiting'); });
    try {
      assert.equal(await Promise.race([stopped, bound]), 'stopped');
    } finally {
      clearTimeout(timer);
    }
    await Promise.all([silent.ended, half.ended]);
  });
});

describeEachDialect('stopping a node with SMTP sessions open', (dialect) => {
  test('an idle SMTP session is told 421 at once and the node stops without waiting out its grace period', async () => {
    const server = await startTestServer(dialect);
    let closed = false;
    try {
      const socket = connect(server.server.smtpPort, '127.0.0.1');
      socket.setEncoding('utf8');
      let received = '';
      const lineMatching = (pattern: RegExp) => new Promise<void>((resolve, reject) => {
        const check = () => (pattern.test(received) ? resolve() : undefined);
        socket.on('data', (chunk: string) => {
          received += chunk;
          check();
        });
        socket.once('error', reject);
        check();
      });
      await lineMatching(/^220 /m);
      socket.write('EHLO client.example\r\n');
      await lineMatching(/^250 /m);

      const started = Date.now();
      const told = lineMatching(/^421 /m);
      await server.close();
      closed = true;
      await told;
      // smtp-server alone holds an idle session for 30 s before it drops it.
      assert.ok(Date.now() - started < 10_000, `stopped after ${Date.now() - started} ms`);
      socket.destroy();
    } finally {
      if (!closed) await server.close();
    }
  });
});
