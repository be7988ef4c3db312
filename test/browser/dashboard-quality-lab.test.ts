import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SpamdClient } from '../../src/modules/spam/spamd-client.js';
import { findSpamd, SpamdSupervisor } from '../../src/modules/spam/spamd-supervisor.js';
import { startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { smtpTransport } from '../helpers/smtp.js';
import { browserSkip, ensureDashboardBuilt, openBrowser, signIn, type Session } from './browser.js';

const GTUBE = 'XJS*C4JDBQADN1.NSBN3*2IDNEN*GTUBE-STANDARD-ANTI-UBE-TEST-EMAIL*C.34X';
/** A real 1x1 PNG, as a data URI: an image the audit need not fetch. */
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/**
 * The quality lab in the email detail page, in Chromium: the spam badge shows SpamAssassin's real
 * score (a spamd the test supervises), the Audit tab lists an image without alt text, and the
 * Preview tab shows device screenshots rendered by the server's own Chromium. SQLite only, as
 * the other dashboard suites.
 */
describe('dashboard quality lab in a browser', { skip: browserSkip }, () => {
  const spamd = new SpamdSupervisor({
    executable: findSpamd(process.env.PATH), client: new SpamdClient({ timeoutMs: 10_000, concurrency: 2 }), maxChildren: 2,
    runAsRoot: process.getuid?.() === 0,
  });
  let server: TestServer;
  let tenant: Tenant;
  let browser: Session;
  let page: Page;

  before(async () => {
    ensureDashboardBuilt();
    assert.ok(findSpamd(process.env.PATH), 'spamd is installed (Debian package spamassassin)');
    spamd.start();
    await spamd.ready();
    const { host, port } = (spamd.state() as { address: { host: string; port: number } }).address;
    server = await startTestServer('sqlite', { env: { PIGEONHOLE_SPAMD: `${host}:${port}` } });
    tenant = await server.createTenant();
    browser = await openBrowser();
    page = browser.page;
    await signIn(page, server.url, tenant.apiKey);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await spamd.stop();
  });

  async function receive(subject: string, html: string) {
    const inbox = await tenant.mailslurp.createInbox();
    await smtpTransport(server).sendMail({ from: 'Sender <sender@example.com>', to: inbox.emailAddress, subject, html });
    return (await tenant.mailslurp.waitForLatestEmail(inbox.id, 10_000)).id;
  }

  test('the spam badge shows the measured score, coloured over the threshold', async () => {
    const emailId = await receive('Spammy', `<p>${GTUBE}</p>`);
    await page.goto(`${server.url}/#/emails/${emailId}`);
    const badge = page.locator('.spam-badge');
    await badge.waitFor({ timeout: 30_000 });
    const measured = await (await tenant.fetch(`/emails/${emailId}/spam-score`)).json() as { score: number; threshold: number };
    assert.ok(measured.score >= measured.threshold);
    assert.equal((await badge.textContent())?.trim(), `spam score ${measured.score} / ${measured.threshold}`);
    assert.match(await badge.getAttribute('class') ?? '', /spam-high/);
  });

  test('the Audit tab lists an image without alt text; the Preview tab shows device screenshots', async () => {
    const emailId = await receive('Newsletter', `<html lang="en"><head><title>News</title></head><body><p>Hello reader</p><img src="${PIXEL}" width="40"></body></html>`);
    await page.goto(`${server.url}/#/emails/${emailId}`);
    await page.getByRole('heading', { name: 'Newsletter' }).waitFor();

    await page.getByRole('tab', { name: 'Audit' }).click();
    const accessibility = page.getByRole('region', { name: 'Accessibility' });
    await accessibility.waitFor({ timeout: 30_000 });
    assert.match(await accessibility.textContent() ?? '', /image has no alt attribute/);

    await page.getByRole('tab', { name: 'Preview' }).click();
    const shot = page.locator('img.preview-shot').first();
    await shot.waitFor({ timeout: 90_000 });
    const width = await shot.evaluate((img: { complete: boolean; naturalWidth: number; addEventListener(e: string, f: () => void): void }) =>
      img.complete ? img.naturalWidth : new Promise<number>((resolve) => {
        img.addEventListener('load', () => resolve(img.naturalWidth));
        img.addEventListener('error', () => resolve(0));
      }));
    assert.ok(width > 0, 'the screenshot decoded');
    assert.match(await page.locator('.previews .note').textContent() ?? '', /not screenshots of the mail apps/);
    assert.ok(await page.locator('.preview-card').count() >= 3, 'one card per default target');
  });
});
