import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Configuration, EmailControllerApi, SentEmailsControllerApi } from 'mailslurp-client';
import type { Page } from 'playwright-core';
import { startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { smtpTransport } from '../helpers/smtp.js';
import { browserSkip, openBrowser, type Session } from './browser.js';

/**
 * The links of getEmailPreviewURLs and getSentEmailPreviewURLs opened the way Cypress' cy.visit
 * or a person does: a browser navigation (Chromium through playwright-core) with no key header.
 * SQLite only: the token checks themselves run on both databases in
 * test/integration/preview-links.test.ts.
 */
describe('preview links in a browser', { skip: browserSkip }, () => {
  let server: TestServer;
  let tenant: Tenant;
  let browser: Session;
  let page: Page;
  let emails: EmailControllerApi;
  let emailId: string;
  const subject = `Preview in a browser ${Date.now()}`;
  const HTML = [
    '<html><head><title>Mail title</title></head><body>',
    '<h1 id="greeting">Hello from the preview</h1>',
    '<p>Your code is <b>482913</b>.</p>',
    "<script>document.title = 'script ran'; document.body.dataset.ran = 'yes';</script>",
    '</body></html>',
  ].join('');

  before(async () => {
    server = await startTestServer('sqlite');
    tenant = await server.createTenant();
    emails = new EmailControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
    const inbox = await tenant.mailslurp.createInbox();
    const transport = smtpTransport(server);
    try {
      await transport.sendMail({ from: 'sender@example.com', to: inbox.emailAddress, subject, html: HTML, text: 'text part' });
    } finally {
      transport.close();
    }
    emailId = (await tenant.inboxApi.getEmails({ inboxId: inbox.id, minCount: 1 }))[0]!.id;
    browser = await openBrowser();
    page = browser.page;
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  test("page.goto on plainHtmlBodyUrl shows the email's HTML, with no key sent", async () => {
    const urls = await emails.getEmailPreviewURLs({ emailId });
    const response = await page.goto(urls.plainHtmlBodyUrl);
    assert.ok(response);
    assert.equal(response.status(), 200);
    assert.equal(response.request().headers()['x-api-key'], undefined, 'the browser sent no key');
    await page.locator('#greeting').waitFor();
    assert.equal(await page.locator('#greeting').textContent(), 'Hello from the preview');
    assert.match((await page.locator('body').innerText()), /Your code is 482913\./);
    // The email's own script does not run: the page is sandboxed (no script, opaque origin).
    assert.equal(await page.locator('body').getAttribute('data-ran'), null);
    assert.equal(await page.title(), 'Mail title');
  });

  test('page.goto on rawSmtpMessageUrl shows the raw message as text', async () => {
    const urls = await emails.getEmailPreviewURLs({ emailId });
    const response = await page.goto(urls.rawSmtpMessageUrl);
    assert.equal(response?.status(), 200);
    const text = await page.locator('body').innerText();
    assert.match(text, new RegExp(`Subject: ${subject}`));
    assert.match(text, /Content-Type: text\/html/);
    assert.equal(await page.locator('#greeting').count(), 0, 'the raw message is shown as text, not rendered');
  });

  test('a sent email\'s preview link opens in the browser too', async () => {
    const sender = await tenant.mailslurp.createInbox();
    const sent = await tenant.mailslurp.sendEmail(sender.id, {
      to: ['reader@example.com'], subject: 'sent in a browser', body: '<h2 id="sent">Sent body</h2>', isHTML: true,
    });
    const urls = await new SentEmailsControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }))
      .getSentEmailPreviewURLs({ id: sent.id });
    const response = await page.goto(urls.plainHtmlBodyUrl);
    assert.equal(response?.status(), 200);
    assert.equal(await page.locator('#sent').textContent(), 'Sent body');
  });

  test('an altered link is refused in the browser with a clear 401', async () => {
    const urls = await emails.getEmailPreviewURLs({ emailId });
    const altered = new URL(urls.plainHtmlBodyUrl);
    const token = altered.searchParams.get('token')!;
    altered.searchParams.set('token', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
    const response = await page.goto(altered.toString());
    assert.equal(response?.status(), 401);
    assert.match(await page.locator('body').innerText(), /Invalid preview token/);
    assert.equal(await page.locator('#greeting').count(), 0);
  });
});
