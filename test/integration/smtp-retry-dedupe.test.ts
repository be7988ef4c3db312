/**
 * A client that never saw its 250 sends the message again: over SMTP, the same Message-ID
 * and the same bytes for the same inbox within PIGEONHOLE_SMTP_DEDUPE_WINDOW get 250 and are
 * stored once, with one webhook event. Anything different is a new message.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Configuration, CreateWebhookOptionsEventNameEnum as Event, WebhookControllerApi } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage, smtpTransport } from '../helpers/smtp.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

describeEachDialect('SMTP retry dedupe', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  let hook: WebhookReceiver;
  before(async () => {
    hook = await startWebhookReceiver();
    server = await startTestServer(dialect, { env: { PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE: 'false' } });
    tenant = await server.createTenant();
  });
  after(async () => {
    await server?.close();
    await hook?.close();
  });

  const send = async (to: string[], raw: Buffer) =>
    (await smtpTransport(server).sendMail({ envelope: { from: 'sender@example.com', to }, raw })).response;
  const count = async (inboxId: string) => (await tenant.inboxApi.getEmails({ inboxId })).length;
  const message = (to: string, subject: string) => rawMessage({ to, subject, body: `body ${randomUUID()}` });

  test('the same message sent twice is stored once, with one webhook event', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const hooks = new WebhookControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
    await hooks.createWebhook({ inboxId: inbox.id!, createWebhookOptions: { url: hook.url, eventName: Event.EMAIL_RECEIVED } });
    const raw = message(inbox.emailAddress, 'Once');
    assert.match(await send([inbox.emailAddress], raw), /^250 .*stored in 1 inbox$/);
    assert.match(await send([inbox.emailAddress], raw), /^250 .*stored in 0 inboxes; already held in 1 inbox \(a retry/);
    assert.equal(await count(inbox.id), 1);

    // a later message's event arrives after any event the retry could have made
    await send([inbox.emailAddress], message(inbox.emailAddress, 'Marker'));
    const events = await hook.waitFor(1, (r) => r.json.inboxId === inbox.id && r.json.subject === 'Marker');
    assert.ok(events.length === 1);
    assert.deepEqual(hook.requests.filter((r) => r.json.inboxId === inbox.id).map((r) => r.json.subject), ['Once', 'Marker']);
  });

  test('one byte of difference, or no Message-ID, makes a new message', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const raw = message(inbox.emailAddress, 'Twice');
    await send([inbox.emailAddress], raw);
    const changed = Buffer.from(raw);
    changed[changed.length - 3] = changed[changed.length - 3]! ^ 1; // a byte of the body
    assert.match(await send([inbox.emailAddress], changed), /^250 .*stored in 1 inbox$/);
    assert.equal(await count(inbox.id), 2);

    const bare = Buffer.from(`From: a@example.com\r\nTo: ${inbox.emailAddress}\r\nSubject: no id\r\n\r\nsame bytes\r\n`);
    await send([inbox.emailAddress], bare);
    await send([inbox.emailAddress], bare);
    assert.equal(await count(inbox.id), 4);
  });

  test('a retry to more inboxes stores it only where it was not yet', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => tenant.mailslurp.createInbox()));
    const raw = message(a!.emailAddress, 'Fan-out');
    await send([a!.emailAddress, b!.emailAddress], raw);
    assert.match(await send([a!.emailAddress, b!.emailAddress, c!.emailAddress], raw), /stored in 1 inbox; already held in 2 inboxes/);
    assert.deepEqual(await Promise.all([a, b, c].map((i) => count(i!.id))), [1, 1, 1]);
  });

  test('with PIGEONHOLE_SMTP_DEDUPE_WINDOW=0 every message is stored', async () => {
    const off = await startTestServer(dialect, { env: { PIGEONHOLE_SMTP_DEDUPE_WINDOW: '0' } });
    try {
      const other = await off.createTenant();
      const inbox = await other.mailslurp.createInbox();
      const raw = message(inbox.emailAddress, 'Always');
      for (let i = 0; i < 2; i++) {
        await smtpTransport(off).sendMail({ envelope: { from: 'sender@example.com', to: [inbox.emailAddress] }, raw });
      }
      assert.equal((await other.inboxApi.getEmails({ inboxId: inbox.id })).length, 2);
    } finally {
      await off.close();
    }
  });
});
