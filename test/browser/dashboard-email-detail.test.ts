import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { smtpTransport } from '../helpers/smtp.js';
import { ensureDashboardBuilt, openBrowser, screenshot, signIn, startWatcher, type Session, type Watcher, browserSkip } from './browser.js';

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360f8cfc0f01f0005000201a5b2a0e10000000049454e44ae426082',
  'hex',
);

/**
 * The email detail page in Chromium: inline (cid:) images load from the API with the email's
 * preview token inside the script-less sandboxed frame, the link check tab shows the
 * server-side check of each link, and the HTML check tab the clients lacking the features the
 * body uses and the HTML problems found. SQLite only, as the other dashboard suites.
 */
describe('dashboard email detail in a browser', { skip: browserSkip }, () => {
  let server: TestServer;
  let tenant: Tenant;
  let browser: Session;
  let page: Page;
  let watcher: Watcher;
  let site: http.Server;
  let siteBase = '';

  before(async () => {
    ensureDashboardBuilt();
    site = http.createServer((req, res) => res.writeHead(req.url === '/fine' ? 200 : 404).end());
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteBase = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    server = await startTestServer('sqlite', { env: { PIGEONHOLE_WEBHOOK_ALLOW: siteBase.slice('http://'.length) } });
    tenant = await server.createTenant();
    watcher = await startWatcher();
    browser = await openBrowser();
    page = browser.page;
  });
  after(async () => {
    await browser?.close();
    await watcher?.close();
    await server?.close();
    site?.close();
  });

  async function receive(subject: string, html: string, attachments: Parameters<ReturnType<typeof smtpTransport>['sendMail']>[0]['attachments'] = []) {
    const inbox = await tenant.mailslurp.createInbox();
    await smtpTransport(server).sendMail({ from: 'Sender <sender@example.com>', to: inbox.emailAddress, subject, html, attachments });
    const email = await tenant.mailslurp.waitForLatestEmail(inbox.id, 10_000);
    return email.id;
  }

  test('an inline cid: image is shown in the sandboxed frame, and no script runs', async () => {
    const emailId = await receive('Inline image', `
      <p>Our logo:</p><img id="logo" src="cid:logo@pigeonhole" alt="logo" width="40">
      <script>document.body.setAttribute('data-script-ran', 'yes'); fetch('${watcher.url}/script-ran');</script>
      <p id="after-script">End</p>`,
    [{ filename: 'logo.png', content: PNG, contentType: 'image/png', cid: 'logo@pigeonhole' }]);
    await signIn(page, server.url, tenant.apiKey);
    await page.goto(`${server.url}/#/emails/${emailId}`);
    await page.getByRole('heading', { name: 'Inline image' }).waitFor();
    const frame = page.frameLocator('iframe.mail-frame');
    await frame.locator('#after-script').waitFor();
    const logo = frame.locator('#logo');
    await logo.waitFor();
    // Loaded from the API's inline-part route: the image decoded (naturalWidth > 0).
    const src = await logo.getAttribute('src');
    assert.match(src ?? '', new RegExp(`/emails/${emailId}/inline/logo%40pigeonhole\\?token=`));
    // The image's width once it finished loading (0 if it failed): waits on its load/error event.
    const naturalWidth = await logo.evaluate((img: { complete: boolean; naturalWidth: number; addEventListener(e: string, f: () => void): void }) =>
      img.complete ? img.naturalWidth : new Promise<number>((resolve) => {
        img.addEventListener('load', () => resolve(img.naturalWidth));
        img.addEventListener('error', () => resolve(0));
      }));
    assert.ok(naturalWidth > 0, 'the inline image was loaded');
    assert.equal(await frame.locator('body').getAttribute('data-script-ran'), null);
    assert.equal(watcher.requests.filter((r) => r.path === '/script-ran').length, 0);
    const sandbox = await page.locator('iframe.mail-frame').getAttribute('sandbox');
    assert.ok(sandbox !== null && !sandbox.includes('allow-scripts') && !sandbox.includes('allow-same-origin'), `sandbox: ${sandbox}`);
    await screenshot(page, 'email-inline-image');
  });

  test('the link check tab shows each broken link with its HTTP status', async () => {
    const emailId = await receive('Links to check', `<a href="${siteBase}/fine">fine</a> <a href="${siteBase}/broken">broken</a>`);
    await page.goto(`${server.url}/#/emails/${emailId}`);
    await page.getByRole('heading', { name: 'Links to check' }).waitFor();
    await page.getByRole('tab', { name: 'Link check' }).click();
    const broken = page.locator('.link-check tr', { hasText: `${siteBase}/broken` });
    await broken.waitFor();
    assert.match(await broken.innerText(), /404/);
    // Working links are listed as fine, not as issues.
    const fine = page.locator('.link-check tr', { hasText: `${siteBase}/fine` });
    assert.match(await fine.innerText(), /OK/);
    await screenshot(page, 'email-link-check', true);
  });

  test('the HTML check tab shows the features some clients lack, grouped by client, and the HTML problems; it fits 375 px', async () => {
    const emailId = await receive('Features to check', `<!doctype html><html><head><style>
      .row { display: flex } .grid { display: grid }</style></head><body>
      <div class="row"><video src="https://example.com/clip.mp4"></video></div>
      <div class="grid"><p>Unclosed <b>bold</p></div></body></html>`);
    await page.goto(`${server.url}/#/emails/${emailId}`);
    await page.getByRole('heading', { name: 'Features to check' }).waitFor();
    await page.getByRole('tab', { name: 'HTML check' }).click();
    const summary = page.getByTestId('html-check-summary');
    await summary.waitFor();
    assert.match(await summary.innerText(), /features used: \d+ not supported by some clients/);
    const grid = page.locator('.html-check .feature', { hasText: 'display:grid' });
    await grid.waitFor();
    // Grouped by client family, with the platforms named.
    assert.match(await grid.innerText(), /Not supported[\s\S]*Outlook: Windows/);
    const video = page.locator('.html-check .feature', { hasText: '<video> element' });
    assert.match(await video.innerText(), /replaced by `<u><\/u>` tags/, "caniemail's note for Gmail");
    const finding = page.locator('.html-check .finding', { hasText: "Unclosed element '<b>'" });
    assert.match(await finding.first().innerText(), /Error\s+close-order\s+line 4, col \d+\s+Unclosed element '<b>'/);
    // The rule id links to html-validate's page for the rule.
    assert.equal(await finding.first().getByTestId('finding-rule').getAttribute('href'), 'https://html-validate.org/rules/close-order.html');

    await page.setViewportSize({ width: 375, height: 812 });
    try {
      await grid.waitFor();
      assert.ok(await page.evaluate('document.documentElement.scrollWidth <= 375'), 'no horizontal scrolling at 375 px');
      const box = await grid.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 375, `the feature card fits the screen: ${JSON.stringify(box)}`);
      const findingBox = await finding.first().boundingBox();
      assert.ok(findingBox && findingBox.x >= 0 && findingBox.x + findingBox.width <= 375, `the finding fits the screen: ${JSON.stringify(findingBox)}`);
      await screenshot(page, 'email-html-check-375px', true);
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
    await screenshot(page, 'email-html-check', true);
  });
});
