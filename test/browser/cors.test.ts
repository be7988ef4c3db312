import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { dialects } from '../helpers/databases.js';
import { startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { browserSkip, openBrowser, type Session } from './browser.js';

/**
 * The API called from a page on another origin, in Chromium: plain fetch with the x-api-key
 * header and the official client (bundled for the browser as an app would bundle it), each
 * going through the browser's CORS preflight. Once per database, like the API tests.
 */

const CLIENT_ENTRY = fileURLToPath(new URL('../fixtures/browser/mailslurp-client.js', import.meta.url));

/** mailslurp-client bundled for the browser (IIFE exposing `MailSlurpClient.MailSlurp`), as a web app would ship it. */
async function bundleOfficialClient(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    root: process.cwd(),
    build: { write: false, minify: false, lib: { entry: CLIENT_ENTRY, formats: ['iife'], name: 'MailSlurpClient', fileName: 'client' } },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunk = outputs.flatMap((o) => ('output' in o ? o.output : [])).find((c) => c.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('vite produced no bundle of mailslurp-client');
  return chunk.code;
}

/** A web app on its own origin: an empty page and the bundled client. */
async function startPageServer(clientJs: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.url === '/client.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(clientJs);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>Another origin</title><script src="/client.js"></script><h1>App</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('page server has no port');
  // localhost: another host name and port than the API's 127.0.0.1, so surely another origin
  return { origin: `http://localhost:${address.port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

interface Seen { method: string; url: string; headers: IncomingHttpHeaders }

/** Every request the API's HTTP server receives (preflights included), observed beside Fastify. */
function recordRequests(server: TestServer): Seen[] {
  const seen: Seen[] = [];
  server.server.app.server.on('request', (request: { method?: string; url?: string; headers: IncomingHttpHeaders }) =>
    seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers }));
  return seen;
}

/** Runs `body` (a script's text: the test compiles without the DOM library) in the page and returns its result. */
const inPage = <T>(session: Session, body: string): Promise<T> => session.page.evaluate(`(async () => { ${body} })()`) as Promise<T>;

for (const dialect of dialects()) {
  describe(`CORS from a page on another origin [${dialect}]`, { skip: browserSkip }, () => {
    let clientJs: string;
    let api: TestServer;
    let restricted: TestServer;
    let tenant: Tenant;
    let pageA: Awaited<ReturnType<typeof startPageServer>>;
    let pageB: Awaited<ReturnType<typeof startPageServer>>;
    let session: Session;

    before(async () => {
      clientJs = await bundleOfficialClient();
      [pageA, pageB] = await Promise.all([startPageServer(clientJs), startPageServer(clientJs)]);
      api = await startTestServer(dialect);
      tenant = await api.createTenant();
      session = await openBrowser();
    });
    after(async () => {
      await session?.close();
      await restricted?.close();
      await api?.close();
      await pageA?.close();
      await pageB?.close();
    });

    test('fetch with the x-api-key header passes the preflight and reads the answer', async () => {
      const seen = recordRequests(api);
      await session.page.goto(`${pageA.origin}/`);
      const result = await inPage<{ status: number; inbox: { id: string; emailAddress: string } }>(session, `
        const response = await fetch(${JSON.stringify(`${api.url}/inboxes/withOptions`)}, {
          method: 'POST',
          headers: { 'x-api-key': ${JSON.stringify(tenant.apiKey)}, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'made in a browser', tags: ['cors'] }),
        });
        return { status: response.status, inbox: await response.json() };
      `);
      assert.equal(result.status, 201);
      const inbox = await tenant.inboxApi.getInbox({ inboxId: result.inbox.id });
      assert.equal(inbox.name, 'made in a browser');

      const preflight = seen.find((r) => r.method === 'OPTIONS' && r.url === '/inboxes/withOptions');
      assert.ok(preflight, `the browser sent a preflight (saw ${seen.map((r) => `${r.method} ${r.url}`).join(', ')})`);
      assert.equal(preflight.headers.origin, pageA.origin);
      assert.equal(preflight.headers['access-control-request-method'], 'POST');
      assert.match(String(preflight.headers['access-control-request-headers']), /x-api-key/);
      assert.equal(preflight.headers.cookie, undefined);
      const post = seen.find((r) => r.method === 'POST' && r.url === '/inboxes/withOptions');
      assert.equal(post?.headers.origin, pageA.origin);
      assert.equal(post?.headers['x-api-key'], tenant.apiKey);
    });

    test('the official client works from the page, its 408 wording included', async () => {
      await session.page.goto(`${pageA.origin}/`);
      const result = await inPage<{ created: string; listed: string[]; status: number; text: string }>(session, `
        const mailslurp = new MailSlurpClient.MailSlurp({ apiKey: ${JSON.stringify(tenant.apiKey)}, basePath: ${JSON.stringify(api.url)} });
        const inbox = await mailslurp.createInbox();
        const listed = (await mailslurp.inboxController.getInboxes({})).map((i) => i.id);
        try {
          await mailslurp.waitController.waitForLatestEmail({ inboxId: inbox.id, timeout: 200, unreadOnly: true });
          return { created: inbox.id, listed, status: 200, text: '' };
        } catch (e) {
          return { created: inbox.id, listed, status: e.status, text: await e.text() };
        }
      `);
      assert.ok(result.listed.includes(result.created));
      assert.equal(result.status, 408);
      assert.ok(result.text.includes('Failed to satisfy email query for inbox'), result.text);
      assert.equal((await tenant.inboxApi.getInbox({ inboxId: result.created })).id, result.created);
    });

    test('with PIGEONHOLE_CORS_ORIGINS only the listed origins may call; the browser stops the others', async () => {
      restricted = await startTestServer(dialect, { env: { PIGEONHOLE_CORS_ORIGINS: pageA.origin } });
      const user = await restricted.createTenant();
      const key = user.apiKey;
      const seen = recordRequests(restricted);
      const call = `
        try {
          const response = await fetch(${JSON.stringify(`${restricted.url}/inboxes`)}, { method: 'POST', headers: { 'x-api-key': ${JSON.stringify(key)} } });
          return { status: response.status, error: '' };
        } catch (e) {
          return { status: 0, error: String(e) };
        }
      `;
      await session.page.goto(`${pageA.origin}/`);
      assert.deepEqual(await inPage(session, call), { status: 201, error: '' });

      await session.page.goto(`${pageB.origin}/`);
      const refused = await inPage<{ status: number; error: string }>(session, call);
      assert.equal(refused.status, 0);
      assert.match(refused.error, /TypeError/);
      const fromB = seen.filter((r) => r.headers.origin === pageB.origin);
      assert.deepEqual(fromB.map((r) => r.method), ['OPTIONS'], 'the browser stopped at the preflight: no inbox was created');
      assert.equal((await user.inboxApi.getInboxCount()).totalElements, 1, 'only the call from the listed origin made an inbox');
    });
  });
}
