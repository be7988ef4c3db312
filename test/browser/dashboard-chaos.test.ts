import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { smtpTransport } from '../helpers/smtp.js';
import { ensureDashboardBuilt, openBrowser, screenshot, signIn, type Session, browserSkip } from './browser.js';

/** The inbox's Chaos tab against the real chaos API and a real SMTP client (SQLite, as the other browser tests). */
describe('dashboard chaos control in a browser', { skip: browserSkip }, () => {
  let server: TestServer;
  let tenant: Tenant;
  let browser: Session | undefined;
  let page: Page;

  before(async () => {
    ensureDashboardBuilt();
    server = await startTestServer('sqlite');
    tenant = await server.createTenant();
    browser = await openBrowser();
    page = browser.page;
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  const send = (to: string, subject: string) =>
    smtpTransport(server).sendMail({ from: 'app@client.example', to, subject, text: 'chaos' });

  test('set a rule, see it listed and felt over SMTP, clear it', async () => {
    const inbox = await tenant.mailslurp.createInboxWithOptions({ name: 'Flaky' });
    await signIn(page, server.url, tenant.apiKey);
    await page.goto(`${server.url}/#/inboxes/${inbox.id}`);
    await page.getByRole('link', { name: 'Chaos' }).click();
    await page.getByText('No chaos rules').waitFor();

    const form = page.getByRole('form', { name: 'New chaos rule' });
    await form.getByLabel('Mode').selectOption('FAIL');
    await form.getByLabel('Stage').selectOption('RCPT');
    await form.getByLabel('SMTP code').fill('452');
    await form.getByLabel('Enhanced status').fill('4.2.2');
    await form.getByLabel('Text').fill('Mailbox full on purpose');
    await form.getByRole('button', { name: 'Add chaos rule' }).click();
    const row = page.locator('li.row[data-chaos-mode="FAIL"]');
    await row.waitFor();
    assert.match(await row.innerText(), /RCPT: 452 4\.2\.2 Mailbox full on purpose/);

    // the rule is what the server answers
    const refused = await send(inbox.emailAddress, 'refused').then(() => undefined, (err: { responseCode?: number }) => err);
    assert.equal(refused?.responseCode, 452);
    await screenshot(page, 'chaos');

    await page.getByRole('button', { name: 'Clear all chaos rules' }).click();
    await page.getByText('No chaos rules').waitFor();
    assert.match((await send(inbox.emailAddress, 'accepted')).response, /^250/);
    const stored = await tenant.mailslurp.waitForLatestEmail(inbox.id, 10_000);
    assert.equal(stored.subject, 'accepted');
  });
});
