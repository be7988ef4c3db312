import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import * as OTPAuth from 'otpauth';
import { CreatePhoneNumberOptionsPhoneCountryEnum as Country, type PhoneNumberDto } from 'mailslurp-client';
import { refusal } from '../helpers/client-errors.js';
import { startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { ensureDashboardBuilt, openBrowser, screenshot, signIn, type Session, browserSkip } from './browser.js';

/**
 * The Phones area against the real API (SQLite only, as the other browser tests): a number is
 * created in the UI, SMS delivered through the API (the carrier's test sender and another
 * account's number) appear in its threads over GET /events without a reload, a reply and a new
 * message sent from the UI are found through the official client, threads are marked read, and
 * the TOTP code shown is otpauth's.
 */
const NEEDED = ['createPhoneNumber', 'getPhoneNumbers', 'getPhoneNumber', 'deletePhoneNumber', 'testPhoneNumberSendSms', 'getSmsByPhoneNumber',
  'sendSmsFromPhoneNumber', 'getSentSmsByPhoneNumber', 'markSmsAsRead', 'markAllSmsAsRead',
  'createTotpDeviceForBase32SecretKey', 'createTotpDeviceForCustom', 'getTotpDevices', 'getTotpDeviceCode'];
const TEST_SENDER = '+12125550100';

describe('dashboard phones in a browser', { skip: browserSkip }, () => {
  let server: TestServer;
  let alice: Tenant;
  let bob: Tenant;
  let bobPhone: PhoneNumberDto;
  let browser: Session | undefined;
  let page: Page;
  let missing: string[] = [];
  let phoneId = '';
  let number = '';

  before(async () => {
    ensureDashboardBuilt();
    server = await startTestServer('sqlite');
    const document = (await (await server.fetch('/v3/api-docs')).json()) as { paths: Record<string, Record<string, { operationId?: string }>> };
    const present = new Set(Object.values(document.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId)));
    missing = NEEDED.filter((op) => !present.has(op));
    if (missing.length) return;
    alice = await server.createTenant();
    bob = await server.createTenant();
    bobPhone = await bob.mailslurp.phoneController.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.GB } });
    browser = await openBrowser();
    page = browser.page;
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, server.url, alice.apiKey);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  const thread = (other: string) => page.getByRole('list', { name: 'SMS threads' }).locator(`li[data-thread="${other}"]`);
  const bubbles = (other: string) => page.getByRole('list', { name: `Messages with ${other}` });

  test('create a number in the UI: the API\'s 400 in the form, then one in the US ranges', async (t) => {
    if (missing.length) return t.skip(`phone API not served yet: ${missing.join(', ')}`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Phones' }).click();
    await page.getByRole('heading', { name: 'Phones' }).waitFor();
    await page.getByText('No phone numbers yet.').waitFor();
    await page.getByRole('button', { name: 'New phone number' }).click();
    // no range is configured for Australia by default: the API says so, in the form
    await page.getByLabel('Country').selectOption('AU');
    await page.getByRole('button', { name: 'Create number' }).click();
    await page.getByRole('form', { name: 'New phone number' }).getByRole('alert').filter({ hasText: 'No phone number range is configured for AU' }).waitFor();
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('Number name').fill('Signup tests');
    await page.getByRole('button', { name: 'Create number' }).click();
    const row = page.locator('li.row', { hasText: 'Signup tests' });
    await row.waitFor();
    phoneId = (await row.getAttribute('data-id')) ?? '';
    number = (await row.getAttribute('data-number')) ?? '';
    const created = await alice.mailslurp.phoneController.getPhoneNumber({ phoneNumberId: phoneId });
    assert.deepEqual([created.phoneNumber, created.name, created.phoneCountry], [number, 'Signup tests', 'US']);
    assert.match(number, /^\+1\d{3}55501\d\d$/);
  });

  test('SMS delivered through the API appear live in their threads, without a reload', async (t) => {
    if (missing.length || !phoneId) return t.skip('no number');
    // A mark on the page's window: a reload would lose it.
    await page.evaluate('window.sameDocument = true');
    const listed = page.locator('li.row', { hasText: 'Signup tests' });
    await page.locator(`li.row[data-id="${phoneId}"][data-unread="0"]`).waitFor();
    await alice.mailslurp.phoneController.testPhoneNumberSendSms({ phoneNumberId: phoneId, testPhoneNumberOptions: { message: 'Your code is 481516' } });
    // the list's unread badge rises as it arrives
    await listed.getByLabel('1 unread').waitFor();
    await listed.getByRole('link').click();
    await page.getByRole('heading', { name: number }).waitFor();
    await bubbles(TEST_SENDER).getByText('Your code is 481516').waitFor();
    await thread(TEST_SENDER).getByLabel('1 unread').waitFor();

    // another account's number texts this one: the carrier delivers it, a second thread opens
    await bob.mailslurp.phoneController.sendSmsFromPhoneNumber({ phoneNumberId: bobPhone.id, smsSendOptions: { to: number, body: 'Hi from Bob' } });
    await thread(bobPhone.phoneNumber).getByText('Hi from Bob').waitFor();
    await bob.mailslurp.phoneController.sendSmsFromPhoneNumber({ phoneNumberId: bobPhone.id, smsSendOptions: { to: number, body: 'Are you there?' } });
    await thread(bobPhone.phoneNumber).getByLabel('2 unread').waitFor();
    // the most recently active conversation comes first
    const order = await page.getByRole('list', { name: 'SMS threads' }).locator('li').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-thread')));
    assert.deepEqual(order, [bobPhone.phoneNumber, TEST_SENDER]);
    assert.equal(await page.evaluate('window.sameDocument'), true);
  });

  test('a reply sent from the UI is delivered to the other number and recorded as sent', async (t) => {
    if (missing.length || !phoneId) return t.skip('no number');
    await thread(bobPhone.phoneNumber).getByRole('link').click();
    const conversation = page.getByRole('region', { name: `Conversation with ${bobPhone.phoneNumber}` });
    await conversation.getByText('Are you there?').waitFor();
    await conversation.getByLabel('Message', { exact: true }).fill('Yes, Bob: 2 minutes');
    await conversation.getByRole('button', { name: 'Send', exact: true }).click();
    await bubbles(bobPhone.phoneNumber).locator('li[data-direction="out"]', { hasText: 'Yes, Bob: 2 minutes' }).waitFor();

    const sent = await alice.mailslurp.phoneController.getSentSmsByPhoneNumber({ phoneNumberId: phoneId });
    assert.deepEqual(sent.content?.map((s) => [s.fromNumber, s.toNumber, s.body]), [[number, bobPhone.phoneNumber, 'Yes, Bob: 2 minutes']]);
    const atBob = await bob.mailslurp.phoneController.getSmsByPhoneNumber({ phoneNumberId: bobPhone.id });
    assert.deepEqual(atBob.content?.map((s) => [s.fromNumber, s.body]), [[number, 'Yes, Bob: 2 minutes']]);

    // a new message to a number outside the carrier is recorded as sent and opens its thread
    await page.getByRole('button', { name: 'New message' }).click();
    await page.getByLabel('To', { exact: true }).fill('+1 (415) 555-2671');
    await page.getByRole('form', { name: 'New SMS' }).getByLabel('Message', { exact: true }).fill('Outside the carrier');
    await page.getByRole('button', { name: 'Send SMS' }).click();
    await bubbles('+14155552671').getByText('Outside the carrier').waitFor();
    const all = await alice.mailslurp.phoneController.getSentSmsByPhoneNumber({ phoneNumberId: phoneId });
    assert.deepEqual(all.content?.map((s) => s.toNumber).sort(), ['+14155552671', bobPhone.phoneNumber].sort());

    // an SMS the number sends through the API (not the dashboard) opens its thread live too (sms.sent)
    await page.evaluate('window.sameDocument = true');
    await alice.mailslurp.phoneController.sendSmsFromPhoneNumber({ phoneNumberId: phoneId, smsSendOptions: { to: '+1 (415) 555-2672', body: 'Sent by the API' } });
    await thread('+14155552672').getByText('Sent by the API').waitFor();
    assert.equal(await page.evaluate('window.sameDocument'), true, 'no reload');
  });

  test('marking read: a thread, then the whole number', async (t) => {
    if (missing.length || !phoneId) return t.skip('no number');
    const unreadOf = async () => (await alice.mailslurp.phoneController.getSmsByPhoneNumber({ phoneNumberId: phoneId, unreadOnly: true }))
      .content?.map((s) => s.fromNumber).sort();
    assert.deepEqual(await unreadOf(), [bobPhone.phoneNumber, bobPhone.phoneNumber, TEST_SENDER].sort());

    await thread(bobPhone.phoneNumber).getByRole('link').click();
    const conversation = page.getByRole('region', { name: `Conversation with ${bobPhone.phoneNumber}` });
    await conversation.getByRole('button', { name: 'Mark read' }).click();
    await conversation.getByRole('button', { name: 'Mark read' }).waitFor({ state: 'detached' });
    assert.deepEqual(await unreadOf(), [TEST_SENDER]);
    await thread(bobPhone.phoneNumber).getByLabel(/unread/).waitFor({ state: 'detached' });

    // the test SMS form of the UI: delivered, arriving like any other
    await page.getByRole('button', { name: 'Send test SMS' }).click();
    await page.getByLabel('Test message').fill('Second code: 2342');
    await page.getByRole('button', { name: 'Deliver test SMS' }).click();
    await thread(TEST_SENDER).getByLabel('2 unread').waitFor();
    await thread(TEST_SENDER).getByRole('link').click();
    await bubbles(TEST_SENDER).getByText('Second code: 2342').waitFor();
    await screenshot(page, 'phones', true);

    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByRole('button', { name: 'Mark all read' }).waitFor({ state: 'detached' });
    assert.deepEqual(await unreadOf(), []);
  });

  test('every control is named, and the number view fits 375 px', async (t) => {
    if (missing.length || !phoneId) return t.skip('no number');
    const unnamed = () => page.evaluate(`[...document.querySelectorAll('input, select, textarea, button')]
      .filter((el) => !el.labels?.length && !el.getAttribute('aria-label') && !(el.textContent ?? '').trim())
      .map((el) => el.outerHTML.slice(0, 80))`);
    await page.goto(`${server.url}/#/phones`);
    await page.getByRole('button', { name: 'New phone number' }).click();
    await page.getByRole('form', { name: 'New phone number' }).waitFor();
    assert.deepEqual(await unnamed(), [], 'unlabelled controls on the numbers');
    await page.goto(`${server.url}/#/phones/${phoneId}/${encodeURIComponent(bobPhone.phoneNumber)}`);
    await bubbles(bobPhone.phoneNumber).getByText('Hi from Bob').waitFor();
    await page.getByRole('button', { name: 'Send test SMS' }).click();
    await page.getByRole('button', { name: 'New message' }).click();
    await page.getByRole('form', { name: 'New SMS' }).waitFor();
    assert.deepEqual(await unnamed(), [], 'unlabelled controls on a number');

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'New message' }).click();
    await page.getByRole('form', { name: 'New SMS' }).waitFor({ state: 'detached' });
    assert.ok(await page.evaluate('document.documentElement.scrollWidth <= 375'), 'no horizontal scrolling at 375 px');
    await screenshot(page, 'phones-375px');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  test('TOTP devices: the code shown is otpauth\'s and it ticks', async (t) => {
    if (missing.length) return t.skip(`phone API not served yet: ${missing.join(', ')}`);
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Phones' }).click();
    await page.getByRole('navigation', { name: 'Phones' }).getByRole('link', { name: 'TOTP devices' }).click();
    await page.getByText('No TOTP devices yet.').waitFor();
    await page.getByRole('button', { name: 'New TOTP device' }).click();
    await page.getByLabel('Device name').fill('Bank login');
    await page.getByLabel('Secret or otpauth:// URL').fill(secret);
    await page.getByRole('button', { name: 'Create device' }).click();
    const shown = page.locator('li.row', { hasText: 'Bank login' }).locator('[aria-label="Code of Bank login"]');
    await shown.getByText(/\d+ s left/).waitFor();
    const listed = await alice.mailslurp.mfaController.getTotpDevices({});
    assert.deepEqual(listed.content?.map((d) => d.name), ['Bank login']);

    // the code of now, read between two of otpauth's: a period boundary may fall in between
    const reference = new OTPAuth.TOTP({ secret });
    const before = reference.generate();
    const code = await shown.locator('code').textContent();
    const after = reference.generate();
    assert.ok([before, after].includes(code ?? ''), `code ${code} is otpauth's ${before} or ${after}`);
    const left = Number((await shown.getByText(/s left/).textContent())?.match(/\d+/)?.[0]);
    assert.ok(left >= 0 && left <= 30, `${left} s left of a 30 s period`);
    const expected = 30 - Math.floor(Date.now() / 1000) % 30;
    assert.ok(Math.abs(left - expected) <= 2 || Math.abs(left - expected) >= 28, `${left} s left, the period ends in ${expected} s`);
    // it ticks: the text changes within a few seconds (a new second, or a new code at the period's end)
    const first = await shown.textContent();
    await page.locator('[aria-label="Code of Bank login"]', { hasNotText: first ?? '' }).waitFor({ timeout: 5000 });
    await screenshot(page, 'phones-totp');
  });

  test('TOTP: a browser whose clock runs ahead of the server\'s still moves on to the next code', async (t) => {
    if (missing.length) return t.skip(`phone API not served yet: ${missing.join(', ')}`);
    // a 4 s period shows several period ends within the test
    const secret = 'JBSWY3DPEHPK3PXP';
    await alice.mailslurp.mfaController.createTotpDeviceForCustom({ createTotpDeviceCustomOptions: { secret, name: 'Fast device', period: 4 } });
    const context = await browser!.browser.newContext({ viewport: { width: 1280, height: 860 } });
    try {
      const ahead = await context.newPage();
      ahead.setDefaultTimeout(30_000);
      await ahead.clock.install({ time: Date.now() + 2000 });
      await signIn(ahead, server.url, alice.apiKey);
      await ahead.goto(`${server.url}/#/phones/totp`);
      const shown = ahead.locator('[aria-label="Code of Fast device"] code');
      await shown.waitFor();
      const reference = new OTPAuth.TOTP({ secret, period: 4 });
      const codes = new Set<string>();
      // three different codes in a row: the code kept moving past the browser's early period ends
      while (codes.size < 3) {
        const current = (await shown.textContent()) ?? '';
        codes.add(current);
        if (codes.size === 3) break;
        await ahead.locator('[aria-label="Code of Fast device"] code', { hasNotText: current }).waitFor({ timeout: 10_000 });
      }
      const last = [...codes].at(-1)!;
      const around = [-4000, 0, 4000].map((d) => reference.generate({ timestamp: Date.now() + d }));
      assert.ok(around.includes(last), `code ${last} is one of otpauth's ${around.join(', ')}`);
    } finally {
      await context.close();
    }
  });

  test('delete a number from its view and another from the list: the API no longer has them', async (t) => {
    if (missing.length || !phoneId) return t.skip('no number');
    const other = await alice.mailslurp.phoneController.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.CA, name: 'Canada' } });
    await page.goto(`${server.url}/#/phones/${phoneId}`);
    await page.getByRole('heading', { name: number }).waitFor();
    await page.getByRole('button', { name: `Delete phone number ${number}` }).click();
    await page.getByRole('heading', { name: 'Phones' }).waitFor();
    await page.locator('li.row', { hasText: 'Canada' }).waitFor();
    assert.equal(await page.locator('li.row', { hasText: 'Signup tests' }).count(), 0);
    assert.equal((await refusal(alice.mailslurp.phoneController.getPhoneNumber({ phoneNumberId: phoneId }))).status, 404);

    await page.locator('li.row', { hasText: 'Canada' }).getByRole('button', { name: `Delete phone number ${other.phoneNumber}` }).click();
    await page.getByText('No phone numbers yet.').waitFor();
    assert.equal((await refusal(alice.mailslurp.phoneController.getPhoneNumber({ phoneNumberId: other.id }))).status, 404);
  });
});
