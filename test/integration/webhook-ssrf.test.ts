import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeEachDialect, startTestServer, type TestServer } from '../helpers/server.js';
import { smtpTransport } from '../helpers/smtp.js';

/**
 * Webhook targets and server-side request forgery (issue 15, finding 4). A receiver on loopback
 * (IPv4 and IPv6, as `::` binds both) stands for a local service; every spelling of loopback the
 * issue listed is pointed at it.
 */
const SPELLINGS = [
  '127.0.0.1', 'localhost', '[::1]', '0.0.0.0', '[::ffff:127.0.0.1]', '2130706433', '0177.0.0.1', '127.1',
  '[0000:0000:0000:0000:0000:0000:0000:0001]', '[::127.0.0.1]', '[64:ff9b::7f00:1]',
];

interface Receiver { port: number; hits: string[]; close(): Promise<void> }

/** A loopback HTTP service; `/jump` redirects (302) to `redirectTo`. Its answers are long, to see how much is echoed. */
async function loopbackService(redirectTo?: () => string): Promise<Receiver> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push(req.url ?? '');
      if (req.url === '/jump' && redirectTo) res.writeHead(302, { location: redirectTo() }).end();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end(`local secret ${'s'.repeat(2000)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '::', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

async function call<T = Record<string, unknown>>(server: TestServer, path: string, body?: unknown, key?: string): Promise<{ status: number; json: T }> {
  const response = await server.fetch(path, {
    method: body === undefined ? 'GET' : 'POST', key,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : {}) as T };
}

describeEachDialect('webhook targets: the automatic rule', (dialect) => {
  let server: TestServer;
  let local: Receiver;
  before(async () => {
    local = await loopbackService();
    // Loopback-bound (the default) and no override: the automatic rule. Retries far off.
    server = await startTestServer(dialect, { env: { PIGEONHOLE_WEBHOOK_RETRY_BASE: '600000' } });
  });
  after(async () => {
    await server?.close();
    await local?.close();
  });

  test('single-user loopback server: a localhost webhook delivers; once a second user exists every spelling is refused', async () => {
    const inbox = (await call<{ id: string; emailAddress: string }>(server, '/inboxes', {})).json;
    // The admin alone: receivers on this machine work out of the box, in any spelling.
    const hooks: Array<{ id: string; host: string }> = [];
    for (const host of SPELLINGS) {
      const created = await call<{ id: string }>(server, `/inboxes/${inbox.id}/webhooks`, { url: `http://${host}:${local.port}/${encodeURIComponent(host)}` });
      assert.equal(created.status, 201, `${host} accepted while single-user`);
      hooks.push({ id: created.json.id, host });
    }
    const reachedBefore: string[] = [];
    for (const { id, host } of hooks) {
      const sent = await call<{ response: { statusCode?: number; message?: string } }>(server, `/webhooks/${id}/test`, {});
      if (sent.json.response.statusCode === 200) {
        reachedBefore.push(host);
        assert.ok((sent.json.response.message ?? '').length <= 200, 'the test answer echoes at most 200 characters');
      }
    }
    assert.ok(reachedBefore.includes('localhost') && reachedBefore.includes('127.0.0.1'), `reached: ${reachedBefore.join(' ')}`);
    // A real delivery to localhost.
    const hitsBefore = local.hits.length;
    await smtpTransport(server).sendMail({ from: 'a@example.com', to: inbox.emailAddress, subject: 'local', text: 'x' });
    const localhostHook = hooks.find((h) => h.host === 'localhost')!;
    const results = await call<Array<{ responseStatus: number; responseBodyExtract: string; resultType: string }>>(
      server, `/webhooks/${localhostHook.id}/wait?expectedCount=1&timeout=10000`);
    // the whole result on failure: its error says why the attempt failed
    assert.equal(results.json[0]!.resultType, 'SUCCESS', JSON.stringify(results.json[0]));
    assert.equal(results.json[0]!.responseStatus, 200);
    assert.equal(results.json[0]!.responseBodyExtract.length, 200, 'the result keeps the first 200 characters of the answer');
    for (const { id } of hooks) await call(server, `/webhooks/${id}/wait?expectedCount=1&timeout=10000`);
    assert.ok(local.hits.length > hitsBefore);

    // A second user, through POST /admin/users: the server is shared now.
    const other = await server.createTenant();
    const hitsShared = local.hits.length;
    for (const host of SPELLINGS) {
      const url = `http://${host}:${local.port}/`;
      for (const key of [server.adminKey, other.apiKey]) {
        const refused = await call<{ message: string }>(server, '/webhooks', { url }, key);
        assert.equal(refused.status, 400, `${host} refused at creation`);
        assert.match(refused.json.message, /refuses loopback, private and other non-public targets/);
      }
    }
    for (const { id, host } of hooks) {
      const sent = await call<{ message: string; response: { statusCode?: number | null } }>(server, `/webhooks/${id}/test`, {});
      assert.equal(sent.json.response.statusCode ?? null, null, host);
      assert.match(sent.json.message, /^target refused: /, host);
    }
    // Deliveries of new mail to the webhooks made earlier are refused too.
    await smtpTransport(server).sendMail({ from: 'a@example.com', to: inbox.emailAddress, subject: 'shared', text: 'x' });
    for (const { id, host } of hooks) {
      const results = await call<Array<{ responseBodyExtract: string | null; responseStatus: number | null }>>(server, `/webhooks/${id}/wait?expectedCount=2&timeout=10000`);
      const latest = results.json.find((r) => r.responseBodyExtract?.startsWith('target refused'));
      assert.ok(latest, `${host}: delivery refused (${JSON.stringify(results.json.map((r) => r.responseBodyExtract?.slice(0, 60)))})`);
      assert.equal(latest.responseStatus, null);
    }
    assert.equal(local.hits.length, hitsShared, 'nothing reached the loopback service once the server was shared');
  });
});

describeEachDialect('webhook targets: the block set, a redirect hop, and the allow list', (dialect) => {
  let server: TestServer;
  let inside: Receiver;
  let front: Receiver;
  before(async () => {
    inside = await loopbackService();
    front = await loopbackService(() => `http://127.0.0.1:${inside.port}/inside`);
    server = await startTestServer(dialect, {
      env: {
        PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE: 'true', PIGEONHOLE_WEBHOOK_RETRY_BASE: '600000',
        // The front service is allowed by name and port; the one it redirects to is not.
        PIGEONHOLE_WEBHOOK_ALLOW: `localhost:${front.port}`,
      },
    });
  });
  after(async () => {
    await server?.close();
    await inside?.close();
    await front?.close();
  });

  test('every spelling is refused at creation; an allow-listed target delivers; a redirect to loopback is refused at the hop', async () => {
    const inbox = (await call<{ id: string; emailAddress: string }>(server, '/inboxes', {})).json;
    for (const host of SPELLINGS) {
      const refused = await call(server, `/inboxes/${inbox.id}/webhooks`, { url: `http://${host}:${inside.port}/` });
      assert.equal(refused.status, 400, host);
    }
    const allowed = await call<{ id: string }>(server, `/inboxes/${inbox.id}/webhooks`, { url: `http://localhost:${front.port}/hook` });
    assert.equal(allowed.status, 201);
    const jump = await call<{ id: string }>(server, `/inboxes/${inbox.id}/webhooks`, { url: `http://localhost:${front.port}/jump` });
    assert.equal(jump.status, 201);

    const test = await call<{ response: { statusCode?: number } }>(server, `/webhooks/${allowed.json.id}/test`, {});
    assert.equal(test.json.response.statusCode, 200);
    const hopped = await call<{ message: string }>(server, `/webhooks/${jump.json.id}/test`, {});
    assert.match(hopped.json.message, /target refused: 127\.0\.0\.1 is a private address \(loopback\)/);

    await smtpTransport(server).sendMail({ from: 'a@example.com', to: inbox.emailAddress, subject: 'allowed', text: 'x' });
    const delivered = await call<Array<{ resultType: string; responseStatus: number }>>(server, `/webhooks/${allowed.json.id}/wait?expectedCount=1&timeout=10000`);
    assert.equal(delivered.json[0]!.resultType, 'SUCCESS');
    const redirected = await call<Array<{ responseBodyExtract: string }>>(server, `/webhooks/${jump.json.id}/wait?expectedCount=1&timeout=10000`);
    assert.match(redirected.json[0]!.responseBodyExtract, /target refused: 127\.0\.0\.1 is a private address/);
    assert.deepEqual(inside.hits, [], 'the redirect target was never called');
    assert.deepEqual(front.hits.sort(), ['/hook', '/hook', '/jump', '/jump']);
  });
});

describeEachDialect('webhook targets: a server bound to every interface', (dialect) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(dialect, { env: { PIGEONHOLE_HOST: '0.0.0.0' } });
  });
  after(async () => {
    await server?.close();
  });

  test('refuses loopback targets with only its admin user (the automatic rule)', async () => {
    for (const host of SPELLINGS) {
      const refused = await call<{ message: string }>(server, '/webhooks', { url: `http://${host}:8080/` });
      assert.equal(refused.status, 400, host);
    }
    assert.equal((await call(server, '/webhooks', { url: 'https://hooks.example.com/in' })).status, 201, 'public names are fine');
  });
});
