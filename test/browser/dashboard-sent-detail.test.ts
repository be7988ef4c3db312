import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { ensureDashboardBuilt, openBrowser, screenshot, signIn, startWatcher, type Session, type Watcher, browserSkip } from './browser.js';

/** The sent-mail detail page, opened from an inbox's Sent list (SQLite only, as the other dashboard suites). */
describe('dashboard sent-mail detail in a browser', { skip: browserSkip }, () => {
  let server: TestServer;
  let tenant: Tenant;
  let browser: Session;
  let page: Page;
  let watcher: Watcher;

  before(async () => {
    ensureDashboardBuilt();
    server = await startTestServer('sqlite');
    tenant = await server.createTenant();
    watcher = await startWatcher();
    browser = await openBrowser();
    page = browser.page;
  });
  after(async () => {
    await browser?.close();
    await watcher?.close();
    await server?.close();
  });

  test('headers, sandboxed HTML body, recipients with delivery status and attachments', async () => {
    const from = await tenant.mailslurp.createInboxWithOptions({ name: 'Outgoing' });
    const to = await tenant.mailslurp.createInbox();
    const [attachmentId] = await tenant.mailslurp.uploadAttachment({
      base64Contents: Buffer.from('quarterly numbers\n').toString('base64'), filename: 'report.txt', contentType: 'text/plain',
    });
    const sent = await tenant.mailslurp.sendEmail(from.id, {
      to: [to.emailAddress], subject: 'Sent detail check', isHTML: true, attachments: [String(attachmentId)], customHeaders: { 'X-Campaign': 'q3-launch' },
      body: `<h1 id="sent-heading">Hello from the sent page</h1><script>fetch('${watcher.url}/script-ran')</script><p id="after">End</p>`,
    });
    // The local delivery is recorded before the test looks.
    await tenant.mailslurp.waitForLatestEmail(to.id, 10_000);

    await signIn(page, server.url, tenant.apiKey);
    await page.goto(`${server.url}/#/inboxes/${from.id}/sent`);
    // the sent list's link: the landing view, still on screen while the route changes, lists the received copy under the same subject
    await page.getByRole('link', { name: 'Sent detail check' }).and(page.locator('[href*="/sent/"]')).click();
    await page.getByRole('heading', { name: 'Sent detail check' }).waitFor();
    assert.match(page.url(), new RegExp(`#/sent/${sent.id}$`));

    const frame = page.frameLocator('iframe.mail-frame');
    await frame.locator('#after').waitFor();
    assert.equal(await frame.locator('#sent-heading').innerText(), 'Hello from the sent page');
    const sandbox = await page.locator('iframe.mail-frame').getAttribute('sandbox');
    assert.ok(sandbox !== null && !sandbox.includes('allow-scripts') && !sandbox.includes('allow-same-origin'), `sandbox: ${sandbox}`);

    const status = page.locator('ul.statuses li', { hasText: to.emailAddress });
    await status.waitFor();
    assert.match(await status.innerText(), /250/);
    await page.getByRole('button', { name: 'Download report.txt' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download report.txt' }).click();
    assert.equal((await download).suggestedFilename(), 'report.txt');
    const header = page.getByRole('row', { name: /X-Campaign/ });
    assert.match(await header.innerText(), /q3-launch/);
    assert.equal(watcher.requests.filter((r) => r.path === '/script-ran').length, 0, 'no script of the sent mail ran');
    await screenshot(page, 'sent-detail');
  });
});
