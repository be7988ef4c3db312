import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { smtpTransport } from '../helpers/smtp.js';
import { browserSkip, ensureDashboardBuilt, openBrowser, screenshot, signIn, type Session } from './browser.js';

/**
 * The All mail view in a real browser against the real server, mail arriving over SMTP: one
 * list across inboxes, search, multi-select, .eml download, inbox tags, notifications, a
 * phone-sized screen, and no request ever leaving the machine. SQLite only: the dashboard
 * speaks the public API, whose dialects the API tests cover.
 */
describe('dashboard: All mail in a browser', { skip: browserSkip }, () => {
  let server: TestServer;
  let tenant: Tenant;
  let browser: Session;
  let page: Page;
  let signups: { id: string; emailAddress: string };
  let billing: { id: string; emailAddress: string };
  const outside: string[] = [];

  const send = (to: string, from: string, subject: string, text: string, attachment?: string) =>
    smtpTransport(server).sendMail({
      from, to, subject, text,
      attachments: attachment ? [{ filename: attachment, content: 'numbers\n', contentType: 'text/plain' }] : [],
    });
  const row = (subject: string) => page.locator('li.mail-row', { hasText: subject });
  /** Waits for the tab title; a function, not a string: the page's CSP forbids eval. */
  const titleIs = (title: string) =>
    page.waitForFunction((wanted) => (globalThis as unknown as { document: { title: string } }).document.title === wanted, title);
  const unreadTotal = async () => (await tenant.mailslurp.emailController.getUnreadEmailCount({})).count;

  before(async () => {
    ensureDashboardBuilt();
    server = await startTestServer('sqlite');
    tenant = await server.createTenant();
    browser = await openBrowser();
    page = browser.page;
    // Every request to another host is recorded and refused: the dashboard must work offline.
    const origin = new URL(server.url).origin;
    await browser.context.route('**/*', (route) => {
      const url = route.request().url();
      if (/^(data|blob):/.test(url) || new URL(url).origin === origin) return route.continue();
      outside.push(url);
      return route.abort();
    });
    page.on('dialog', (dialog) => void dialog.accept());
    signups = await tenant.mailslurp.createInboxWithOptions({ name: 'Signups' });
    billing = await tenant.mailslurp.createInboxWithOptions({ name: 'Billing' });
    await send(signups.emailAddress, 'Accounts <no-reply@app.example>', 'Confirm your address', 'Click the link below to confirm your address.');
    await send(billing.emailAddress, 'Shop Billing <billing@shop.example>', 'Invoice 1042', 'Your invoice for March is attached.', 'invoice.txt');
    await send(signups.emailAddress, 'plain@example.com', 'Password reset', 'Someone asked to reset your password.');
    await tenant.mailslurp.waitController.waitForEmailCount({ inboxId: signups.id, count: 2, timeout: 10_000 });
    await tenant.mailslurp.waitController.waitForEmailCount({ inboxId: billing.id, count: 1, timeout: 10_000 });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  test('All mail is the landing view: every inbox, newest first, senders by name, previews, unread counts', async () => {
    await signIn(page, server.url, tenant.apiKey);
    await row('Password reset').waitFor();
    const subjects = await page.locator('li.mail-row .subject').allTextContents();
    assert.deepEqual(subjects, ['Password reset', 'Invoice 1042', 'Confirm your address']);
    const invoice = row('Invoice 1042');
    assert.equal(await invoice.locator('.from').textContent(), 'Shop Billing', 'the display name, not the address');
    assert.equal(await row('Password reset').locator('.from').textContent(), 'plain@example.com', 'the address when there is no name');
    assert.match((await invoice.locator('.preview').textContent()) ?? '', /Your invoice for March is attached\./);
    assert.equal(await invoice.locator('.inbox').textContent(), 'Billing');
    assert.equal(await invoice.getByLabel('1 attachments').count(), 1);
    assert.equal(await row('Password reset').getByLabel('1 attachments').count(), 0);
    assert.match((await invoice.getAttribute('class')) ?? '', /unread/);

    // Sidebar badges and the tab title count unread mail, and follow new mail without a reload.
    const sidebar = page.locator('.mail-sidebar');
    await sidebar.locator(`li[data-inbox-id="${signups.id}"] .badge`, { hasText: '2' }).waitFor();
    await sidebar.locator(`li[data-inbox-id="${billing.id}"] .badge`, { hasText: '1' }).waitFor();
    await titleIs('(3) Pigeonhole');
    await send(billing.emailAddress, 'Shop Billing <billing@shop.example>', 'Receipt 1043', 'Thanks for your payment.');
    await row('Receipt 1043').waitFor();
    assert.equal(await page.locator('li.mail-row .subject').first().textContent(), 'Receipt 1043');
    await sidebar.locator(`li[data-inbox-id="${billing.id}"] .badge`, { hasText: '2' }).waitFor();
    await titleIs('(4) Pigeonhole');
    await screenshot(page, 'all-mail', true);
  });

  test('search sends the text as searchFilter, and the help lists the terms', async () => {
    const search = page.getByRole('searchbox', { name: 'Search all mail' });
    const asked = page.waitForRequest((r) => new URL(r.url()).searchParams.get('searchFilter') === 'Invoice');
    await search.fill('Invoice');
    await asked;
    await row('Confirm your address').waitFor({ state: 'detached' });
    assert.deepEqual(await page.locator('li.mail-row .subject').allTextContents(), ['Invoice 1042']);
    await page.getByRole('button', { name: 'Search help' }).click();
    const help = page.getByRole('dialog', { name: 'Search terms' });
    for (const term of ['from:', 'to:', 'subject:', 'has:attachment', 'is:unread', 'before:', 'after:', 'larger:']) {
      await help.locator('code', { hasText: term }).first().waitFor();
    }
    await help.getByRole('button', { name: 'Close' }).click();
    await search.fill('');
    await row('Confirm your address').waitFor();
  });

  test('multi-select: shift-click a range, mark read and unread, select all and delete', async () => {
    await page.getByRole('checkbox', { name: 'Select Receipt 1043' }).click();
    await page.getByRole('checkbox', { name: 'Select Invoice 1042' }).click({ modifiers: ['Shift'] });
    await page.getByText('3 selected').waitFor();
    assert.equal(await page.getByRole('checkbox', { name: 'Select Confirm your address' }).isChecked(), false);
    await page.getByRole('toolbar', { name: 'Selected emails' }).getByRole('button', { name: 'Mark read' }).click();
    await page.locator('li.mail-row.unread').nth(1).waitFor({ state: 'detached' });
    const read = (await tenant.mailslurp.emailController.getEmailsPaginated({})).content ?? [];
    assert.deepEqual(read.filter((e) => !e.read).map((e) => e.subject), ['Confirm your address']);
    await titleIs('(1) Pigeonhole');
    assert.equal(await unreadTotal(), 1);

    await page.getByRole('checkbox', { name: 'Select Invoice 1042' }).click();
    await page.getByRole('toolbar', { name: 'Selected emails' }).getByRole('button', { name: 'Mark unread' }).click();
    await titleIs('(2) Pigeonhole');
    assert.match((await row('Invoice 1042').getAttribute('class')) ?? '', /unread/);

    // The .eml download is the message as received, byte for byte, named after its subject.
    const invoiceId = (await row('Invoice 1042').getAttribute('data-email-id'))!;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row('Invoice 1042').getByRole('button', { name: 'Download Invoice 1042 as .eml' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'Invoice 1042.eml');
    const raw = await fetch(`${server.url}/emails/${invoiceId}/raw`, { headers: { 'x-api-key': tenant.apiKey } });
    assert.deepEqual(readFileSync(await download.path()), Buffer.from(await raw.arrayBuffer()));
    assert.match(readFileSync(await download.path(), 'utf8'), /^Subject: Invoice 1042$/m);

    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByText('4 selected').waitFor();
    await page.getByRole('toolbar', { name: 'Selected emails' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No email yet').waitFor();
    assert.equal((await tenant.mailslurp.emailController.getEmailsPaginated({})).totalElements, 0);
    await titleIs('Pigeonhole');
  });

  test('tags are edited on the inbox view and filter All mail', async () => {
    await send(signups.emailAddress, 'Accounts <no-reply@app.example>', 'Welcome aboard', 'Glad to have you.');
    await send(billing.emailAddress, 'Shop Billing <billing@shop.example>', 'Invoice 1044', 'April invoice.');
    await row('Invoice 1044').waitFor();
    await page.goto(`${server.url}/#/inboxes/${signups.id}`);
    await page.getByRole('button', { name: 'Add tags' }).click();
    await page.getByLabel('Inbox tags, separated by commas').fill('vip, onboarding, vip');
    await page.getByRole('button', { name: 'Save tags' }).click();
    await page.getByRole('button', { name: 'Edit tags' }).waitFor();
    assert.deepEqual((await tenant.mailslurp.getInbox(signups.id)).tags?.sort(), ['onboarding', 'vip']);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All mail' }).click();
    await row('Invoice 1044').waitFor();
    await page.getByLabel('Filter by tag').selectOption('vip');
    await row('Invoice 1044').waitFor({ state: 'detached' });
    assert.deepEqual(await page.locator('li.mail-row .subject').allTextContents(), ['Welcome aboard']);
    assert.deepEqual(await page.locator('.sidebar-inboxes .name').allTextContents(), ['Signups']);
    await page.getByLabel('Filter by tag').selectOption('');
    await row('Invoice 1044').waitFor();
  });

  test('opt-in notifications: permission asked on click, one notification per new email', async () => {
    const context = await browser.browser.newContext({ viewport: { width: 1280, height: 860 } });
    await context.grantPermissions(['notifications'], { origin: new URL(server.url).origin });
    const other = await context.newPage();
    other.setDefaultTimeout(30_000);
    // Records each notification the page shows and still shows it: the real API runs underneath.
    await other.addInitScript(`(() => {
      const Real = window.Notification;
      window.shownNotifications = [];
      class Recorded extends Real {
        constructor(title, options) { super(title, options); window.shownNotifications.push({ title, body: options && options.body }); }
      }
      window.Notification = Recorded;
    })()`);
    try {
      await signIn(other, server.url, tenant.apiKey);
      await send(signups.emailAddress, 'Quiet <quiet@example.com>', 'Before opting in', 'x');
      await other.locator('li.mail-row', { hasText: 'Before opting in' }).waitFor();
      await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
      const toggle = other.getByLabel('Notify me of new mail while the dashboard is open');
      assert.equal(await toggle.isChecked(), false, 'off until the user opts in');
      await toggle.check();
      assert.equal(await other.evaluate('Notification.permission'), 'granted');
      await send(billing.emailAddress, 'Shop Billing <billing@shop.example>', 'Invoice 1045', 'May invoice.');
      await other.waitForFunction(() => (globalThis as unknown as { shownNotifications: unknown[] }).shownNotifications.length > 0);
      assert.deepEqual(await other.evaluate('window.shownNotifications'), [{ title: 'New email from Shop Billing', body: 'Invoice 1045' }]);
      await other.reload();
      await other.getByLabel('Notify me of new mail while the dashboard is open').waitFor();
      assert.equal(await other.getByLabel('Notify me of new mail while the dashboard is open').isChecked(), true, 'the choice is kept');
    } finally {
      await context.close();
    }
  });

  test('on a 375 px phone at least ten messages are readable on one screen', async () => {
    for (let i = 1; i <= 12; i += 1) await send(billing.emailAddress, `Alerts <alerts@example.com>`, `Alert number ${i}`, `Alert ${i} details.`);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${server.url}/#/`);
    await row('Alert number 12').waitFor();
    await page.locator('li.mail-row').nth(13).waitFor();
    // Rows wholly on the first screen (the viewport is the screen: 812 px high).
    const visible = await page.locator('li.mail-row').evaluateAll((rows, height) => rows.filter((r) => {
      const box = r.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= height;
    }).length, 812);
    assert.ok(visible >= 10, `${visible} whole messages on a 375x812 screen`);
    assert.ok(await page.evaluate('document.documentElement.scrollWidth <= 375'), 'no horizontal scrolling at 375 px');
    await screenshot(page, 'all-mail-375px', true);
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  test('offline: the dashboard and GraphiQL never asked another host for anything', async () => {
    await page.goto(`${server.url}/#/emails/${(await row('Alert number 12').getAttribute('data-email-id'))!}`);
    await page.getByRole('heading', { name: 'Alert number 12' }).waitFor();
    await page.goto(`${server.url}/#/settings`);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.goto(`${server.url}/graphql`);
    await page.locator('.graphiql-query-editor .CodeMirror').waitFor();
    assert.deepEqual(outside, []);
  });
});
