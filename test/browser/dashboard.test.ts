import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { smtpTransport } from '../helpers/smtp.js';
import { ensureDashboardBuilt, openBrowser, screenshot, signIn, startWatcher, type Session, type Watcher, browserSkip } from './browser.js';

/**
 * The dashboard in a real browser (Debian's Chromium through playwright-core) against the real
 * server. SQLite only: the dashboard speaks the public API, whose dialects the API tests cover.
 */
describe('dashboard in a browser', { skip: browserSkip }, () => {
  let server: TestServer;
  let tenant: Tenant;
  let browser: Session;
  let page: Page;
  let watcher: Watcher;
  let inboxAddress = '';
  let inboxId = '';
  let receiverAddress = '';
  const subject = `Welcome ${Date.now()}`;

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

  test('the page is served at / and the API keeps its JSON 404s', async () => {
    const page = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<div id="app">/);
    assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    // A browser navigation to an unknown dashboard path gets the page; to an API path, the API's 404.
    const fallback = await fetch(`${server.url}/some/where`, { headers: { accept: 'text/html' } });
    assert.equal(fallback.status, 200);
    const api404 = await fetch(`${server.url}/inboxes/no/such/thing`, { headers: { accept: 'text/html' } });
    assert.equal(api404.status, 404);
    assert.match(api404.headers.get('content-type') ?? '', /application\/json/);
    const plain404 = await fetch(`${server.url}/some/where`);
    assert.equal(plain404.status, 404);
    assert.match(plain404.headers.get('content-type') ?? '', /application\/json/);
  });

  test('sign in with an API key and create an inbox', async () => {
    await page.goto(server.url);
    await page.getByLabel('API key').fill('ph_wrong_key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: /Invalid/ }).waitFor();
    await signIn(page, server.url, tenant.apiKey);
    await page.getByText('No inboxes yet').waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inboxes' }).click();
    await page.getByRole('button', { name: 'New inbox' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Sign-up flow');
    await page.getByLabel('Tags', { exact: true }).fill('browser, e2e');
    await page.getByRole('button', { name: 'Create inbox' }).click();
    await page.getByRole('heading', { name: 'Sign-up flow' }).waitFor();
    inboxId = decodeURIComponent(new URL(page.url()).hash.split('/')[2] ?? '');
    const inbox = await tenant.mailslurp.getInbox(inboxId);
    assert.equal(inbox.name, 'Sign-up flow');
    assert.deepEqual(inbox.tags?.sort(), ['browser', 'e2e']);
    inboxAddress = inbox.emailAddress;
    await page.getByText('No email yet').waitFor();
  });

  test('mail sent over SMTP appears without a reload', async () => {
    // Page scripts are passed as strings: the test compiles without the DOM library.
    await page.evaluate("window.marker = 'same page'");
    const html = `
      <h1 id="greeting">Hello from the browser test</h1>
      <script>document.body.setAttribute('data-script-ran', 'yes'); fetch('${watcher.url}/script-ran'); try { parent.document.title = 'pwned'; } catch (e) {}</script>
      <img src="${watcher.url}/remote.png" alt="tracking pixel" onerror="fetch('${watcher.url}/handler-ran')">
      <p>Your verification code is 493817.</p>
      <p><a href="https://example.com/verify?token=abc123">Verify your address</a></p>
      <p id="after-script">End of message</p>`;
    // Two earlier messages, one of them read, make the list look like a real inbox.
    for (const [from, earlier] of [['Shop <orders@shop.example>', 'Your order has shipped'], ['Accounts <no-reply@app.example>', 'Reset your password']]) {
      await smtpTransport(server).sendMail({ from, to: inboxAddress, subject: earlier, text: `${earlier}.` });
      await page.locator('li.row', { hasText: earlier }).waitFor();
    }
    await page.locator('li.row', { hasText: 'Your order has shipped' }).getByRole('button', { name: 'Mark read' }).click();
    await page.locator('li.row:not(.unread)', { hasText: 'Your order has shipped' }).waitFor();
    await smtpTransport(server).sendMail({
      from: 'Sender <sender@example.com>',
      to: inboxAddress,
      subject,
      text: 'Hello from the browser test. Your verification code is 493817.',
      html,
      attachments: [{ filename: 'report.txt', content: 'quarterly numbers\n', contentType: 'text/plain' }],
    });
    const row = page.locator('li.row', { hasText: subject });
    await row.waitFor();
    assert.match((await row.getAttribute('class')) ?? '', /unread/);
    assert.equal(await page.evaluate('window.marker'), 'same page');
    await screenshot(page, 'inbox', true);
  });

  test('the email opens with its HTML sandboxed: the script in it does not run', async () => {
    await page.locator('li.row', { hasText: subject }).getByRole('link').click();
    await page.getByRole('heading', { name: subject }).waitFor();
    const frame = page.frameLocator('iframe.mail-frame');
    // The paragraph after the script is rendered, so the script had its turn and did nothing.
    await frame.locator('#after-script').waitFor();
    assert.equal(await frame.locator('body').getAttribute('data-script-ran'), null);
    // The title counts unread mail ("(1) Pigeonhole"); the mail's script never got to change it.
    assert.match(await page.title(), /^(\(\d+\) )?Pigeonhole$/);
    const sandbox = await page.locator('iframe.mail-frame').getAttribute('sandbox');
    assert.ok(sandbox !== null && !sandbox.includes('allow-scripts') && !sandbox.includes('allow-same-origin'), `sandbox: ${sandbox}`);
    // Opening it marked it read.
    assert.equal((await tenant.mailslurp.getEmails(inboxId)).find((e) => e.subject === subject)?.read, true);

    // Codes and links are extracted, each with a copy button.
    await page.locator('code.code', { hasText: '493817' }).waitFor();
    await page.getByRole('button', { name: /Copy link: https:\/\/example.com\/verify/ }).waitFor();
    await screenshot(page, 'email', true);

    // Remote content is blocked until the toggle allows it; the image then loads from the watcher.
    assert.equal(watcher.requests.filter((r) => r.path === '/remote.png').length, 0);
    await page.getByLabel('Block remote content').uncheck();
    await watcher.next('/remote.png');
    for (const width of ['phone', 'tablet', 'desktop']) await page.getByRole('button', { name: width }).click();
    await page.getByRole('button', { name: 'phone' }).click();
    assert.equal((await page.locator('iframe.mail-frame').boundingBox())?.width, 375);
  });

  test('text, source and headers views', async () => {
    await page.getByRole('tab', { name: 'Text' }).click();
    await page.locator('pre.plain', { hasText: 'verification code is 493817' }).waitFor();
    await page.getByRole('tab', { name: 'Source' }).click();
    await page.locator('pre.raw', { hasText: `Subject: ${subject}` }).waitFor();
    await page.getByRole('tab', { name: 'Headers' }).click();
    await page.locator('table.headers th', { hasText: /^subject$/i }).first().waitFor();
  });

  test('an attachment downloads with its name and bytes', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download report.txt' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'report.txt');
    assert.equal(readFileSync(await download.path(), 'utf8'), 'quarterly numbers\n');
  });

  test('a reply is sent and shows in Sent with its delivery status', async () => {
    await page.getByRole('link', { name: 'Reply' }).click();
    await page.getByLabel('Message').fill('Thanks, got it.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    const sentRow = page.locator('li.row', { hasText: `Re: ${subject}` });
    await sentRow.waitFor();
    await sentRow.locator('.statuses li', { hasText: 'sender@example.com' }).waitFor();
    const sent = await tenant.mailslurp.sentController.getSentEmails({ inboxId });
    assert.equal(sent.content?.length, 1);
    assert.equal(sent.content?.[0]?.subject, `Re: ${subject}`);
    await screenshot(page, 'sent');
  });

  test('compose sends new mail from an inbox to another one', async () => {
    const other = await tenant.mailslurp.createInboxWithOptions({ name: 'Receiver' });
    await page.getByRole('link', { name: 'Compose' }).click();
    await page.getByLabel('To').fill(other.emailAddress);
    await page.getByLabel('Subject').fill('Composed in the dashboard');
    await page.getByLabel('Message').fill('Body text');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('li.row', { hasText: 'Composed in the dashboard' }).waitFor();
    const received = await tenant.mailslurp.waitForLatestEmail(other.id, 10_000);
    assert.equal(received.subject, 'Composed in the dashboard');
    receiverAddress = other.emailAddress;
  });

  test('inbox list: unread counts, search, settings, keyboard, 375 px and dark mode', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inboxes' }).click();
    // The unread badge counts up as mail arrives, without a reload.
    const receiverRow = page.locator('li.row', { hasText: 'Receiver' });
    await receiverRow.waitFor();
    assert.equal(await receiverRow.locator('.badge').count(), 0);
    await smtpTransport(server).sendMail({ from: 'sender@example.com', to: receiverAddress, subject: 'Another', text: 'x' });
    await receiverRow.locator('.badge', { hasText: '1' }).waitFor();
    await page.keyboard.press('/');
    assert.equal(await page.evaluate('document.activeElement?.getAttribute("type")'), 'search');
    await page.keyboard.type('Sign-up');
    await page.locator('li.row', { hasText: 'Receiver' }).waitFor({ state: 'detached' });
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Sign-up flow' }).waitFor();
    await page.goto(`${server.url}/#/inboxes`);
    await screenshot(page, 'inboxes');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'SMTP and IMAP access' }).waitFor();
    await page.getByRole('link', { name: /\/docs/ }).waitFor();
    await screenshot(page, 'settings');

    // Every form control and button has an accessible name, on every main view.
    for (const hash of ['#/', `#/inboxes/${inboxId}`, `#/inboxes/${inboxId}/compose`, '#/webhooks', '#/settings']) {
      await page.goto(`${server.url}/${hash}`);
      await page.locator('main h1').first().waitFor();
      const unnamed = await page.evaluate(`[...document.querySelectorAll('input, select, textarea, button')]
        .filter((el) => !el.labels?.length && !el.getAttribute('aria-label') && !(el.textContent ?? '').trim())
        .map((el) => el.outerHTML.slice(0, 80))`);
      assert.deepEqual(unnamed, [], `unlabelled controls on ${hash}`);
    }

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${server.url}/#/inboxes/${inboxId}`);
    await page.locator('li.row', { hasText: subject }).waitFor();
    assert.ok(await page.evaluate('document.documentElement.scrollWidth <= 375'), 'no horizontal scrolling at 375 px');
    await screenshot(page, 'inbox-375px');
    await page.emulateMedia({ colorScheme: 'dark' });
    const background = await page.evaluate('getComputedStyle(document.body).backgroundColor');
    assert.notEqual(background, 'rgb(247, 248, 250)', 'dark mode changes the background');
    await screenshot(page, 'inbox-375px-dark');
  });

  test('nothing in the mail ever ran', () => {
    assert.deepEqual(watcher.requests.filter((r) => r.path !== '/remote.png').map((r) => r.path), []);
  });
});
