import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { ensureDashboardBuilt, openBrowser, signIn, type Session, browserSkip } from './browser.js';

/** Webhook editing in the Webhooks view (updateWebhook), checked through the API and a real delivery. */
describe('dashboard webhook editing in a browser', { skip: browserSkip }, () => {
  let server: TestServer;
  let tenant: Tenant;
  let browser: Session;
  let page: Page;
  let receiver: http.Server;
  let receiverBase = '';
  const received: { path: string; headers: http.IncomingHttpHeaders }[] = [];
  let onRequest: (() => void) | undefined;

  before(async () => {
    ensureDashboardBuilt();
    receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers });
        res.writeHead(200).end('ok');
        onRequest?.();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    server = await startTestServer('sqlite', { env: { PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE: 'false' } });
    tenant = await server.createTenant();
    browser = await openBrowser();
    page = browser.page;
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    receiver?.close();
  });

  test("edit a webhook's URL, name, event and headers", async () => {
    const created = await tenant.fetch('/webhooks', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${receiverBase}/old`, name: 'Before edit', eventName: 'EMAIL_RECEIVED' }),
    });
    assert.equal(created.status, 201);
    const hook = (await created.json()) as { id: string };

    await signIn(page, server.url, tenant.apiKey);
    await page.goto(`${server.url}/#/webhooks`);
    const row = page.locator('li.row', { hasText: 'Before edit' });
    await row.getByRole('button', { name: 'Edit webhook Before edit' }).click();
    const form = page.getByRole('form', { name: 'Edit webhook' });
    await form.getByLabel('URL', { exact: true }).fill(`${receiverBase}/new`);
    await form.getByLabel('Name', { exact: true }).fill('After edit');
    await form.getByLabel('Event').selectOption('NEW_ATTACHMENT');
    // A line without a colon is refused in the form, before any request.
    await form.getByLabel(/Headers/).fill('not a header');
    await form.getByRole('button', { name: 'Save webhook' }).click();
    await form.getByRole('alert').filter({ hasText: 'Name: value' }).waitFor();
    await form.getByLabel(/Headers/).fill('X-Token: s3cret');
    await form.getByRole('button', { name: 'Save webhook' }).click();
    await page.locator('li.row', { hasText: 'After edit' }).waitFor();

    const saved = (await (await tenant.fetch(`/webhooks/${hook.id}`)).json()) as {
      url: string; name: string; eventName: string; requestHeaders: { headers: { name: string; value: string }[] };
    };
    assert.equal(saved.url, `${receiverBase}/new`);
    assert.equal(saved.name, 'After edit');
    assert.equal(saved.eventName, 'NEW_ATTACHMENT');
    assert.deepEqual(saved.requestHeaders.headers, [{ name: 'X-Token', value: 's3cret' }]);

    // A test delivery goes to the new URL with the new header.
    const arrived = new Promise<void>((resolve) => { onRequest = resolve; });
    await page.locator('li.row', { hasText: 'After edit' }).getByRole('button', { name: 'Send test' }).click();
    await arrived;
    const last = received[received.length - 1]!;
    assert.equal(last.path, '/new');
    assert.equal(last.headers['x-token'], 's3cret');
  });
});
