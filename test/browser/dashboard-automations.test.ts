import { after, before, describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import * as OTPAuth from 'otpauth';
import { refusal } from '../helpers/client-errors.js';
import { startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { smtpTransport } from '../helpers/smtp.js';
import { ensureDashboardBuilt, openBrowser, screenshot, signIn, type Session, browserSkip } from './browser.js';

/**
 * The Automations tabs against the real API (SQLite only, as the other browser tests): each tab
 * creates an item through the UI, the test finds it through the official client, and deletes it.
 * A tab whose operations the server does not serve yet (they are looked up in its OpenAPI
 * document) is reported as skipped with the missing names, never passed silently.
 */
const NEEDED: Record<string, string[]> = {
  templates: ['createTemplate', 'getAllTemplates', 'getTemplate', 'getTemplatePreviewJson', 'deleteTemplate'],
  contacts: ['createContact', 'getAllContacts', 'getContacts', 'getContact', 'deleteContact', 'createGroup', 'getAllGroups', 'getGroup',
    'getGroupWithContacts', 'addContactsToGroup', 'removeContactsFromGroup', 'deleteGroup'],
  rulesets: ['createNewRuleset', 'getRulesets', 'getRuleset', 'testRuleset', 'deleteRuleset'],
  forwarders: ['createNewInboxForwarder', 'getInboxForwarders', 'getInboxForwarder', 'getInboxForwarderEvents', 'deleteInboxForwarder'],
  repliers: ['createNewInboxReplier', 'getInboxRepliers', 'getInboxReplier', 'getInboxReplierEvents', 'deleteInboxReplier'],
  aliases: ['createAlias', 'getAliases', 'getAlias', 'getAliasThreads', 'deleteAlias'],
  scheduled: ['sendWithSchedule', 'getAllScheduledJobs', 'getScheduledJob', 'cancelScheduledJob'],
  consent: ['sendOptInConsentForEmailAddress', 'getOptInIdentities', 'checkSendingConsentForEmailAddress', 'revokeOptInConsentForEmailAddress'],
  totp: ['createTotpDeviceForOtpAuthUrl', 'createTotpDeviceForBase32SecretKey', 'getTotpDevices', 'getTotpDeviceCode', 'deleteTotpDevice'],
};

describe('dashboard automations in a browser', { skip: browserSkip }, () => {
  let server: TestServer;
  let tenant: Tenant;
  let browser: Session | undefined;
  let page: Page;
  let present = new Set<string>();

  before(async () => {
    ensureDashboardBuilt();
    server = await startTestServer('sqlite');
    const document = (await (await server.fetch('/v3/api-docs')).json()) as { paths: Record<string, Record<string, { operationId?: string }>> };
    present = new Set(Object.values(document.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId ?? '')));
    tenant = await server.createTenant();
    browser = await openBrowser();
    page = browser.page;
    // Deleting asks for the browser's confirmation.
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, server.url, tenant.apiKey);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Skips the test, naming the operations the server lacks; answers whether it may run. */
  const served = (t: TestContext, tab: string) => {
    const missing = NEEDED[tab]!.filter((op) => !present.has(op));
    if (missing.length) t.skip(`${tab} API not served yet: ${missing.join(', ')}`);
    return missing.length === 0;
  };
  const openTab = async (tab: string, label: string) => {
    await page.goto(`${server.url}/#/automations/${tab}`);
    await page.getByRole('link', { name: label, exact: true }).and(page.locator('[aria-current="page"]')).waitFor();
  };
  const row = (text: string) => page.locator('li.row', { hasText: text });
  const idOf = async (text: string) => (await row(text).getAttribute('data-id')) ?? '';
  /** A row of one list, where another list's rows may name the same thing (a contact's group tag). */
  const rowIn = (list: string, text: string) => page.getByRole('list', { name: list, exact: true }).locator('li.row', { hasText: text });

  test('the main nav leads to the Automations tabs', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Automations' }).click();
    await page.getByRole('heading', { name: 'Automations' }).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Automations' }).getByRole('link');
    assert.deepEqual(await tabs.allTextContents(),
      ['Rulesets', 'Forwarders', 'Repliers', 'Aliases', 'Templates', 'Contacts & groups', 'Scheduled sends', 'Consent', 'TOTP']);
  });

  test('templates: create, preview, delete', async (t) => {
    if (!served(t, 'templates')) return;
    await openTab('templates', 'Templates');
    await page.getByText('No templates yet.').waitFor();
    await page.getByRole('button', { name: 'New template' }).click();
    await page.getByLabel('Template name').fill('Welcome mail');
    await page.getByLabel('Content').fill('<p>Hello {{firstName}}, welcome to {{company}}</p>');
    await page.getByRole('button', { name: 'Create template' }).click();
    await row('Welcome mail').getByText('variables: firstName, company').waitFor();

    const id = await idOf('Welcome mail');
    const listed = await tenant.mailslurp.templateController.getAllTemplates({});
    assert.deepEqual(listed.content?.map((x) => [x.id, x.name]), [[id, 'Welcome mail']]);

    await row('Welcome mail').getByRole('button', { name: 'Preview' }).click();
    const frame = page.frameLocator('iframe[title="Preview of Welcome mail"]');
    await frame.getByText(/Hello .*welcome to/).waitFor();
    await screenshot(page, 'automations-templates');

    await row('Welcome mail').getByRole('button', { name: 'Delete template Welcome mail' }).click();
    await page.getByText('No templates yet.').waitFor();
    assert.equal((await refusal(tenant.mailslurp.templateController.getTemplate({ templateId: id }))).status, 404);
  });

  test('contacts and groups: the API\'s 400 in the form, create, members, delete', async (t) => {
    if (!served(t, 'contacts')) return;
    await openTab('contacts', 'Contacts & groups');
    await page.getByText('No contacts yet.').waitFor();

    await page.getByRole('button', { name: 'New group' }).click();
    await page.getByLabel('Group name').fill('Beta testers');
    await page.getByLabel('Description').fill('early access');
    await page.getByRole('button', { name: 'Create group' }).click();
    await rowIn('Groups', 'Beta testers').waitFor();
    const groupId = (await rowIn('Groups', 'Beta testers').getAttribute('data-id')) ?? '';

    await page.getByRole('button', { name: 'New contact' }).click();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email addresses').fill('not-an-address');
    await page.getByRole('button', { name: 'Create contact' }).click();
    // The API's own message, in the form, next to the fields.
    await page.getByRole('form', { name: 'New contact' }).getByRole('alert').filter({ hasText: 'not-an-address' }).waitFor();

    await page.getByLabel('Email addresses').fill('ada@example.com');
    await page.getByLabel('Group', { exact: true }).selectOption({ label: 'Beta testers' });
    await page.getByRole('button', { name: 'Create contact' }).click();
    await rowIn('Contacts', 'Ada Lovelace').getByText('ada@example.com').waitFor();
    await rowIn('Contacts', 'Ada Lovelace').getByText('Beta testers').waitFor();
    const contactId = (await rowIn('Contacts', 'Ada Lovelace').getAttribute('data-id')) ?? '';
    const contact = await tenant.mailslurp.contactController.getContact({ contactId });
    assert.deepEqual([contact.firstName, contact.lastName, contact.emailAddresses, contact.groupId], ['Ada', 'Lovelace', ['ada@example.com'], groupId]);

    await rowIn('Groups', 'Beta testers').getByRole('button', { name: 'Members' }).click();
    await page.getByRole('list', { name: 'Members of Beta testers' }).getByText('Ada Lovelace').waitFor();
    await page.getByRole('button', { name: 'Remove Ada Lovelace from Beta testers' }).click();
    await rowIn('Groups', 'Beta testers').getByText('No members.').waitFor();
    assert.deepEqual((await tenant.mailslurp.groupController.getGroupWithContacts({ groupId })).contacts, []);
    await rowIn('Groups', 'Beta testers').getByLabel('Add a contact').selectOption({ label: 'Ada Lovelace' });
    await rowIn('Groups', 'Beta testers').getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('list', { name: 'Members of Beta testers' }).getByText('Ada Lovelace').waitFor();
    assert.deepEqual((await tenant.mailslurp.groupController.getGroupWithContacts({ groupId })).contacts.map((c) => c.id), [contactId]);
    await screenshot(page, 'automations-contacts');

    await page.getByRole('button', { name: 'Delete contact Ada Lovelace' }).click();
    await page.getByText('No contacts yet.').waitFor();
    await page.getByRole('button', { name: 'Delete group Beta testers' }).click();
    await page.getByText('No groups yet.').waitFor();
    assert.equal((await refusal(tenant.mailslurp.contactController.getContact({ contactId }))).status, 404);
    assert.equal((await refusal(tenant.mailslurp.groupController.getGroup({ groupId }))).status, 404);
  });

  test('rulesets: create on an inbox, test an address, delete', async (t) => {
    if (!served(t, 'rulesets')) return;
    const inbox = await tenant.mailslurp.createInboxWithOptions({ name: 'Ruled' });
    await openTab('rulesets', 'Rulesets');
    await page.getByText('No rulesets.').waitFor();
    await page.getByRole('button', { name: 'New ruleset' }).click();
    await page.getByLabel('Applies to').selectOption(inbox.id);
    await page.getByLabel('Scope').selectOption('RECEIVING_EMAILS');
    await page.getByLabel('Action', { exact: true }).selectOption('BLOCK');
    await page.getByLabel('Target').fill('*@blocked.example');
    await page.getByRole('button', { name: 'Create ruleset' }).click();
    await row('*@blocked.example').getByText(inbox.emailAddress).waitFor();

    const id = await idOf('*@blocked.example');
    const listed = await tenant.mailslurp.rulesetController.getRulesets({ inboxId: inbox.id });
    assert.deepEqual(listed.content?.map((r) => [r.id, r.scope, r.action, r.target]), [[id, 'RECEIVING_EMAILS', 'BLOCK', '*@blocked.example']]);

    await row('*@blocked.example').getByLabel('Address to test').fill('spam@blocked.example');
    await row('*@blocked.example').getByRole('button', { name: 'Test' }).click();
    await row('*@blocked.example').getByRole('status').filter({ hasText: 'spam@blocked.example matches: BLOCK' }).waitFor();
    await row('*@blocked.example').getByLabel('Address to test').fill('friend@example.com');
    await row('*@blocked.example').getByRole('button', { name: 'Test' }).click();
    await row('*@blocked.example').getByRole('status').filter({ hasText: 'friend@example.com does not match' }).waitFor();
    await screenshot(page, 'automations-rulesets');

    await page.getByRole('button', { name: 'Delete ruleset BLOCK *@blocked.example' }).click();
    await page.getByText('No rulesets.').waitFor();
    assert.equal((await refusal(tenant.mailslurp.rulesetController.getRuleset({ id }))).status, 404);
  });

  test('forwarders: create, see the event of a forwarded mail, delete', async (t) => {
    if (!served(t, 'forwarders')) return;
    const inbox = await tenant.mailslurp.createInboxWithOptions({ name: 'Forwarding' });
    const destination = await tenant.mailslurp.createInboxWithOptions({ name: 'Forward destination' });
    await openTab('forwarders', 'Forwarders');
    await page.getByText('No forwarders yet.').waitFor();
    await page.getByRole('button', { name: 'New forwarder' }).click();
    await page.getByLabel('Inbox', { exact: true }).selectOption(inbox.id);
    await page.getByLabel('Match field').selectOption('SENDER');
    await page.getByLabel('Match pattern').fill('*@example.com');
    await page.getByLabel('Forward to').fill(destination.emailAddress);
    await page.getByRole('button', { name: 'Create forwarder' }).click();
    await row(destination.emailAddress).waitFor();

    const id = await idOf(destination.emailAddress);
    const listed = await tenant.mailslurp.inboxForwarderController.getInboxForwarders({ inboxId: inbox.id });
    assert.deepEqual(listed.content?.map((f) => [f.id, f.field, f.match, f.forwardToRecipients]), [[id, 'SENDER', '*@example.com', [destination.emailAddress]]]);

    await smtpTransport(server).sendMail({ from: 'news@example.com', to: inbox.emailAddress, subject: 'Forward me', text: 'hello' });
    await tenant.mailslurp.waitController.waitForLatestEmail({ inboxId: destination.id, timeout: 30_000, unreadOnly: true });
    await row(destination.emailAddress).getByRole('button', { name: 'Events' }).click();
    // The open list refreshes itself until the job's event is there.
    await row(destination.emailAddress).locator('tr[data-event-status="SUCCESS"]').waitFor();
    await screenshot(page, 'automations-forwarders');

    await row(destination.emailAddress).getByRole('button', { name: /^Delete forwarder/ }).click();
    await page.getByText('No forwarders yet.').waitFor();
    assert.equal((await refusal(tenant.mailslurp.inboxForwarderController.getInboxForwarder({ id }))).status, 404);
  });

  test('repliers: create, see the event of an auto-reply, delete', async (t) => {
    if (!served(t, 'repliers')) return;
    const inbox = await tenant.mailslurp.createInboxWithOptions({ name: 'Replying' });
    const sender = await tenant.mailslurp.createInboxWithOptions({ name: 'Asks a question' });
    await openTab('repliers', 'Repliers');
    await page.getByText('No repliers yet.').waitFor();
    await page.getByRole('button', { name: 'New replier' }).click();
    await page.getByLabel('Inbox', { exact: true }).selectOption(inbox.id);
    await page.getByLabel('Replier name').fill('Out of office');
    await page.getByLabel('Match field').selectOption('SUBJECT');
    await page.getByLabel('Match pattern').fill('*question*');
    await page.getByLabel('Reply subject').fill('Away until Monday');
    await page.getByLabel('Reply body').fill('I will answer on Monday.');
    await page.getByRole('button', { name: 'Create replier' }).click();
    await row('Out of office').waitFor();

    const id = await idOf('Out of office');
    const replier = await tenant.mailslurp.inboxReplierController.getInboxReplier({ id });
    assert.deepEqual([replier.inboxId, replier.name, replier.field, replier.match, replier.subject], [inbox.id, 'Out of office', 'SUBJECT', '*question*', 'Away until Monday']);
    const listed = await tenant.mailslurp.inboxReplierController.getInboxRepliers({ inboxId: inbox.id });
    assert.deepEqual(listed.content?.map((r) => r.id), [id]);

    await smtpTransport(server).sendMail({ from: sender.emailAddress, to: inbox.emailAddress, subject: 'A question', text: 'are you there?' });
    const reply = await tenant.mailslurp.waitController.waitForLatestEmail({ inboxId: sender.id, timeout: 30_000, unreadOnly: true });
    assert.equal(reply.subject, 'Away until Monday');
    await row('Out of office').getByRole('button', { name: 'Events' }).click();
    await row('Out of office').locator('tr[data-event-status="SUCCESS"]').waitFor();
    await screenshot(page, 'automations-repliers');

    await page.getByRole('button', { name: 'Delete replier Out of office' }).click();
    await page.getByText('No repliers yet.').waitFor();
    assert.equal((await refusal(tenant.mailslurp.inboxReplierController.getInboxReplier({ id }))).status, 404);
  });

  test('aliases: create, see it wait for verification, delete', async (t) => {
    if (!served(t, 'aliases')) return;
    const hidden = await tenant.mailslurp.createInboxWithOptions({ name: 'Hidden behind an alias' });
    await openTab('aliases', 'Aliases');
    await page.getByText('No aliases yet.').waitFor();
    await page.getByRole('button', { name: 'New alias' }).click();
    await page.getByLabel('Hidden address').fill(hidden.emailAddress);
    await page.getByLabel('Alias name').fill('Shopping alias');
    await page.getByRole('button', { name: 'Create alias' }).click();
    await row('Shopping alias').waitFor();

    const aliasId = await idOf('Shopping alias');
    const alias = await tenant.mailslurp.aliasController.getAlias({ aliasId });
    assert.deepEqual([alias.name, alias.maskedEmailAddress, alias.useThreads, alias.isVerified], ['Shopping alias', hidden.emailAddress, true, false]);
    const listed = await tenant.mailslurp.aliasController.getAliases({});
    assert.deepEqual(listed.content?.map((a) => a.id), [aliasId]);
    await row('Shopping alias').getByText(alias.emailAddress).waitFor();

    await row('Shopping alias').getByRole('button', { name: 'Threads' }).click();
    await row('Shopping alias').getByText('Waiting for verification').waitFor();
    await row('Shopping alias').getByText('No threads yet.').waitFor();
    await screenshot(page, 'automations-aliases');

    await page.getByRole('button', { name: `Delete alias ${alias.emailAddress}` }).click();
    await page.getByText('No aliases yet.').waitFor();
    assert.equal((await refusal(tenant.mailslurp.aliasController.getAlias({ aliasId }))).status, 404);
  });

  test('scheduled sends: schedule one, see it listed, cancel it', async (t) => {
    if (!served(t, 'scheduled')) return;
    const inbox = await tenant.mailslurp.createInboxWithOptions({ name: 'Scheduling' });
    const recipient = await tenant.mailslurp.createInboxWithOptions({ name: 'Scheduled recipient' });
    await openTab('scheduled', 'Scheduled sends');
    await page.getByText('Nothing scheduled.').waitFor();
    await page.getByRole('button', { name: 'New scheduled send' }).click();
    await page.getByLabel('From inbox').selectOption(inbox.id);
    await page.getByLabel('To', { exact: true }).fill(recipient.emailAddress);
    await page.getByLabel('Subject').fill('Tomorrow\'s report');
    await page.getByLabel('Body').fill('numbers');
    await page.getByLabel('Send in (minutes)').fill('90');
    const before = Date.now();
    await page.getByRole('button', { name: 'Schedule send' }).click();
    const pending = page.locator('li.row[data-status="SUBMITTED"]');
    await pending.getByText(inbox.emailAddress).waitFor();

    const jobId = (await pending.getAttribute('data-id')) ?? '';
    const listed = await tenant.mailslurp.inboxController.getAllScheduledJobs({});
    assert.deepEqual(listed.content?.map((j) => [j.id, j.inboxId, j.status]), [[jobId, inbox.id, 'SUBMITTED']]);
    const due = listed.content![0]!.sendAtTimestamp.getTime() - before;
    assert.ok(due > 85 * 60_000 && due < 95 * 60_000, `due in ${due} ms`);
    await screenshot(page, 'automations-scheduled');

    await pending.getByRole('button', { name: /^Cancel the send due/ }).click();
    // Listed as cancelled or no longer listed: either way no longer pending.
    await page.locator(`li.row[data-id="${jobId}"][data-status="SUBMITTED"]`).waitFor({ state: 'detached' });
    assert.equal((await tenant.mailslurp.inboxController.getScheduledJob({ jobId })).status, 'CANCELLED');
  });

  test('consent: request, check an address, revoke', async (t) => {
    if (!served(t, 'consent')) return;
    const subscriber = await tenant.mailslurp.createInboxWithOptions({ name: 'Subscriber' });
    await openTab('consent', 'Consent');
    await page.getByText('No consent requests yet.').waitFor();
    await page.getByRole('button', { name: 'Request consent' }).click();
    await page.getByLabel('Recipient address').fill(subscriber.emailAddress);
    await page.getByLabel('Company name').fill('Pigeon Co');
    await page.getByRole('button', { name: 'Send request' }).click();
    await row(subscriber.emailAddress).getByText('pending').waitFor();
    const listed = await tenant.mailslurp.consentController.getOptInIdentities({});
    assert.deepEqual(listed.content?.map((i) => [i.emailAddress, Boolean(i.verified)]), [[subscriber.emailAddress, false]]);
    // The request is a real mail to the address.
    const request = await tenant.mailslurp.waitController.waitForLatestEmail({ inboxId: subscriber.id, timeout: 30_000 });
    assert.match(request.body ?? '', /http/);

    // The check answers what the API answers.
    const consent = await tenant.mailslurp.consentController.checkSendingConsentForEmailAddress({ emailAddress: subscriber.emailAddress });
    await page.getByLabel('Check an address').fill(subscriber.emailAddress);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.getByRole('form', { name: 'Check sending consent' }).getByRole('status')
      .filter({ hasText: consent.canSend ? 'May be sent to' : 'Sends are refused' }).waitFor();
    await screenshot(page, 'automations-consent');

    await page.getByRole('button', { name: `Revoke consent of ${subscriber.emailAddress}` }).click();
    await page.locator('.toast', { hasText: 'Consent revoked' }).waitFor();
    const after = await tenant.mailslurp.consentController.checkSendingConsentForEmailAddress({ emailAddress: subscriber.emailAddress });
    assert.equal(after.userHasConsented, false);
  });

  test('TOTP: the API\'s 400 in the form, create from an otpauth:// URL, the code ticks and equals otpauth, delete', async (t) => {
    if (!served(t, 'totp')) return;
    const secret = 'JBSWY3DPEHPK3PXP';
    await openTab('totp', 'TOTP');
    await page.getByText('No TOTP devices yet.').waitFor();
    await page.getByRole('button', { name: 'New TOTP device' }).click();
    await page.getByLabel('Secret or otpauth:// URL').fill('not base32!');
    await page.getByRole('button', { name: 'Create device' }).click();
    await page.getByRole('alert').getByText(/base32SecretKey must be base32/).waitFor();
    await page.getByLabel('Secret or otpauth:// URL').fill(`otpauth://totp/ACME:alice%40example.com?secret=${secret}&issuer=ACME`);
    await page.getByRole('button', { name: 'Create device' }).click();
    await row('alice@example.com').getByText(/ACME · alice@example.com · 6 digits, 30 s, SHA1/).waitFor();

    const id = await idOf('alice@example.com');
    const listed = await tenant.mailslurp.mfaController.getTotpDevices({});
    assert.deepEqual(listed.content?.map((d) => d.id), [id]);
    // the code shown is the device's code of now (either side of a period boundary), and it ticks
    const shown = row('alice@example.com').locator('[aria-label="Code of alice@example.com"]');
    await shown.getByText(/\d+ s left/).waitFor();
    const reference = new OTPAuth.TOTP({ secret });
    const code = await shown.locator('code').textContent();
    const around = [-30_000, 0, 30_000].map((d) => reference.generate({ timestamp: Date.now() + d }));
    assert.ok(around.includes(code ?? ''), `code ${code} is one of ${around.join(', ')}`);
    const leftBefore = await shown.getByText(/s left/).textContent();
    const deadline = Date.now() + 5000;
    while ((await shown.getByText(/s left/).textContent()) === leftBefore) {
      assert.ok(Date.now() < deadline, 'the seconds left tick');
      await page.waitForTimeout(200);
    }
    await screenshot(page, 'automations-totp');

    await row('alice@example.com').getByRole('button', { name: 'Delete TOTP device alice@example.com' }).click();
    await page.getByText('No TOTP devices yet.').waitFor();
    assert.equal((await refusal(tenant.mailslurp.mfaController.getTotpDevice({ id }))).status, 404);
  });
});
