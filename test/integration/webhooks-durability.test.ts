import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { loadConfig } from '../../src/config/config.js';
import { openDatabase, openStore } from '../../src/storage/kysely/database.js';
import { startServer, type RunningServer } from '../../src/main.js';
import type { Store } from '../../src/storage/ports.js';
import { EPHEMERAL_PORTS, postgresUrl } from '../helpers/databases.js';
import { startServeProcess, type ServeProcess } from '../helpers/process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { rawMessage, smtpTransport } from '../helpers/smtp.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const ADMIN_KEY = 'ph_admin_webhook_durability_key_0123456789';

async function api<T>(url: string, key: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A port nothing listens on: a receiver that is down, to be started there later. */
async function freePort(): Promise<number> {
  const probe = await startWebhookReceiver();
  const { port } = probe;
  await probe.close();
  return port;
}

/**
 * Durability of the outbox: the delivery jobs commit with the mail, so a backlog survives
 * `kill -9` and is delivered after the restart, once per messageId. Runs the built binary
 * (`npm run build` first), as a user would, on SQLite in a data directory.
 */
describe('webhook backlog across kill -9 (built binary, SQLite)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pigeonhole-webhook-kill-'));
  const env = {
    PIGEONHOLE_DATA_DIR: dataDir, PIGEONHOLE_API_KEY: ADMIN_KEY,
    PIGEONHOLE_WEBHOOK_RETRY_BASE: '10', PIGEONHOLE_WEBHOOK_RETRY_WINDOW: '3600000', PIGEONHOLE_WEBHOOK_TIMEOUT: '2000',
    // a second user with a receiver on loopback: allowed explicitly
    PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE: 'false',
  };
  let serve: ServeProcess | undefined;
  let receiver: WebhookReceiver | undefined;
  after(async () => {
    await serve?.stop();
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('pending deliveries resume after a restart and each messageId arrives exactly once', async () => {
    const port = await freePort();
    serve = await startServeProcess(env);
    const tenant = await api<{ apiKey: string }>(serve.url, ADMIN_KEY, '/admin/users', { email: 'durable@example.com' });
    const inbox = await api<{ id: string; emailAddress: string }>(serve.url, tenant.apiKey, '/inboxes', {});
    const webhook = await api<{ id: string }>(serve.url, tenant.apiKey, `/inboxes/${inbox.id}/webhooks`, { url: `http://127.0.0.1:${port}/hook` });
    const N = 40;
    for (let i = 0; i < N; i++) {
      await api(serve.url, tenant.apiKey, `/inboxes/${inbox.id}/confirm`, { to: [inbox.emailAddress], subject: `backlog ${i}`, body: 'x' });
    }
    // The receiver is down: attempts are failing and being retried. Kill in the middle of it.
    await api(serve.url, tenant.apiKey, `/webhooks/${webhook.id}/wait?expectedCount=${N}&timeout=20000`);
    serve.child.kill('SIGKILL');
    await once(serve.child, 'exit');

    receiver = await startWebhookReceiver(port);
    serve = await startServeProcess(env);
    const received = await receiver.waitFor(N);
    // A graceful stop waits for the attempts under way, so nothing is sent after it.
    assert.equal(await serve.stop(), 0);
    serve = undefined;
    const ids = received.map((r) => r.json.messageId as string);
    assert.equal(new Set(ids).size, N, 'every event arrived');
    assert.equal(receiver.requests.length, N, 'none twice');
    const subjects = new Set(received.map((r) => r.json.subject));
    assert.equal(subjects.size, N);

    const { db } = openDatabase({ sqliteFile: join(dataDir, 'pigeonhole.db') });
    try {
      const states = await db.selectFrom('webhook_deliveries').select('state').execute();
      assert.deepEqual(states.map((s) => s.state), Array(N).fill('delivered'));
    } finally {
      await db.destroy();
    }
  });
});

/** Two nodes on one PostgreSQL schema both run delivery workers; SKIP LOCKED claims keep each job on one of them. */
describe('webhooks with two nodes on one PostgreSQL database', { skip: postgresUrl() ? false : 'PIGEONHOLE_TEST_DATABASE_URL is not set' }, () => {
  let nodeA: TestServer;
  let storeB: Store;
  let nodeB: RunningServer;
  let receiver: WebhookReceiver;
  before(async () => {
    receiver = await startWebhookReceiver();
    // A slow receiver keeps many deliveries in flight on both nodes at once.
    receiver.answerDelayMs = 5;
    nodeA = await startTestServer('postgres', { env: { PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE: 'false' } });
    storeB = await openStore({ databaseUrl: nodeA.db.databaseUrl, searchPath: nodeA.db.searchPath });
    nodeB = await startServer(loadConfig({
      ...EPHEMERAL_PORTS, PIGEONHOLE_DATA_DIR: nodeA.db.dataDir, PIGEONHOLE_API_KEY: nodeA.adminKey, PIGEONHOLE_LOG_LEVEL: 'silent',
      PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE: 'false',
    }), { store: storeB });
  });
  after(async () => {
    await nodeB?.close();
    await storeB?.close();
    await nodeA?.close();
    await receiver?.close();
  });

  test('mail arriving on both nodes is delivered once per messageId', async () => {
    const tenant = await nodeA.createTenant();
    const inbox = await tenant.mailslurp.createInbox();
    await api(nodeA.url, tenant.apiKey, `/inboxes/${inbox.id}/webhooks`, { url: receiver.url });
    const N = 60;
    const sends = [];
    for (let i = 0; i < N; i++) {
      const node = i % 2 === 0 ? nodeA.server : nodeB;
      sends.push(smtpTransport(node).sendMail({
        envelope: { from: 'sender@example.com', to: [inbox.emailAddress!] },
        raw: rawMessage({ to: inbox.emailAddress!, subject: `two nodes ${i}`, body: 'x' }),
      }));
    }
    await Promise.all(sends);
    const received = await receiver.waitFor(N);
    // Stopping both workers waits for their attempts in flight: after that nothing more is sent.
    await nodeB.webhooks.stop();
    await nodeA.server.webhooks.stop();
    assert.equal(new Set(received.map((r) => r.json.messageId)).size, N);
    assert.equal(receiver.requests.length, N, 'no delivery was sent twice');
  });
});
