import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Configuration, GuestPortalControllerApi } from 'mailslurp-client';
import { startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { browserSkip, openBrowser, type Session } from './browser.js';

/**
 * A guest portal used the way a guest does: Chromium opens the guest's loginUrl, types the
 * password, reads its inbox and an email whose HTML shows in the sandboxed iframe with its script
 * not run. SQLite only: the portal's HTTP behaviour runs on both databases in test/integration/portals.test.ts.
 */
describe('a guest portal in a browser', { skip: browserSkip }, () => {
  let server: TestServer;
  let tenant: Tenant;
  let browser: Session;

  before(async () => {
    server = await startTestServer('sqlite');
    tenant = await server.createTenant();
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  test('the guest logs in with its link and password, sees its mail and reads an HTML email in the sandboxed frame', async () => {
    const portals = new GuestPortalControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
    const portal = await portals.createGuestPortal({ createPortalOptions: { name: 'Acme guests' } });
    const { guest, password } = await portals.createGuestPortalUser({ portalId: portal.id, createPortalUserOptions: { username: 'fran' } });
    const sender = await tenant.inboxApi.createInboxWithDefaults();
    await tenant.mailslurp.sendEmail(sender.id!, {
      to: [guest.emailAddress!], subject: 'Your code', isHTML: true,
      body: "<h1 id=\"code\">Code 482913</h1><script>document.body.dataset.ran = 'yes';</script>",
    });
    await tenant.mailslurp.waitController.waitForEmailCount({ inboxId: guest.inboxId!, count: 1, timeout: 20_000 });

    const { page } = browser;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(guest.loginUrl);
    assert.equal(await page.locator('input[name=username]').inputValue(), 'fran');
    await page.locator('input[name=password]').fill('wrong password');
    await page.locator('button[type=submit]').click();
    await page.locator('[role=alert]').waitFor();
    assert.match(await page.locator('[role=alert]').innerText(), /Wrong username or password/);

    await page.locator('input[name=password]').fill(password);
    await page.locator('button[type=submit]').click();
    await page.waitForURL(`**/portals/${portal.id}/inbox`);
    assert.match(await page.locator('h1').innerText(), new RegExp(guest.emailAddress!.replace(/[.+]/g, '\\$&')));
    await page.locator('a', { hasText: 'Your code' }).click();
    const frame = page.frameLocator('iframe[title="Email content"]');
    assert.equal(await frame.locator('#code').innerText(), 'Code 482913');
    assert.equal(await frame.locator('body').getAttribute('data-ran'), null, "the email's script did not run");

    await page.locator('button', { hasText: 'Log out' }).click();
    await page.waitForURL(`**/portals/${portal.id}/login`);
    const after = await page.goto(`${server.url}/portals/${portal.id}/inbox`);
    assert.equal(after?.status(), 401, 'logged out');
    assert.deepEqual(errors, []);
  });
});
