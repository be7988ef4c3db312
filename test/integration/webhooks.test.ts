import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { hostname } from 'node:os';
import {
  Configuration, CreateWebhookOptionsEventNameEnum as Event, GetAllWebhookResultsResultTypeEnum as ResultType, WebhookControllerApi,
} from 'mailslurp-client';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage, smtpTransport } from '../helpers/smtp.js';
import { startRelayServer } from '../helpers/relay-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const webhookApi = (server: TestServer, tenant: Tenant) =>
  new WebhookControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));

describeEachDialect('webhooks', (dialect) => {
  let server: TestServer;
  let relay: Awaited<ReturnType<typeof startRelayServer>>;
  let alice: Tenant;
  let bob: Tenant;
  let aliceHooks: WebhookControllerApi;
  let bobHooks: WebhookControllerApi;
  const receivers: WebhookReceiver[] = [];
  const receiver = async () => {
    const r = await startWebhookReceiver();
    receivers.push(r);
    return r;
  };

  before(async () => {
    relay = await startRelayServer({});
    // A shortened retry schedule: 20 ms, 40 ms, 80 ms, ... dead-lettered once 1 s has passed.
    server = await startTestServer(dialect, {
      // Several users with receivers on loopback: the automatic rule would refuse those, so this server opts in.
      env: {
        PIGEONHOLE_WEBHOOK_RETRY_BASE: '20', PIGEONHOLE_WEBHOOK_RETRY_WINDOW: '1000', PIGEONHOLE_RELAY_URL: relay.url,
        PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE: 'false',
      },
    });
    alice = await server.createTenant();
    bob = await server.createTenant();
    aliceHooks = webhookApi(server, alice);
    bobHooks = webhookApi(server, bob);
  });
  after(async () => {
    await server?.close();
    await relay?.close();
    for (const r of receivers) await r.close();
  });

  const deliverMail = async (to: string, subject: string, extra: { attachments?: Array<{ filename: string; content: string }> } = {}) => {
    await smtpTransport(server).sendMail({ from: 'Sender <sender@example.com>', to, cc: 'copy@example.com', subject, text: 'hello', ...extra });
  };

  test('EMAIL_RECEIVED: the payload, x-event, basic auth, custom headers and a signature the API verifies', async () => {
    const hook = await receiver();
    const inbox = await alice.mailslurp.createInbox();
    const webhook = await aliceHooks.createWebhook({
      inboxId: inbox.id!,
      createWebhookOptions: {
        url: `${hook.url}/incoming`, name: 'my hook', basicAuth: { username: 'ann', password: 's3cret' },
        includeHeaders: { headers: [{ name: 'X-Tenant-Token', value: 'tok-1' }] },
      },
    });
    assert.equal(webhook.eventName, Event.EMAIL_RECEIVED, 'EMAIL_RECEIVED is the default event');
    assert.equal(webhook.basicAuth, true);
    assert.equal(webhook.inboxId, inbox.id);
    assert.equal(webhook.method, 'POST');
    assert.match(webhook.payloadJsonSchema, /"emailId"/);

    await deliverMail(inbox.emailAddress!, 'Webhook me', { attachments: [{ filename: 'a.txt', content: 'attached' }] });
    const [request] = await hook.waitFor(1);
    const email = (await alice.mailslurp.getEmails(inbox.id!))[0]!;
    assert.equal(request!.method, 'POST');
    assert.equal(request!.path, '/incoming');
    assert.equal(request!.headers['content-type'], 'application/json');
    assert.equal(request!.headers['x-event'], 'EMAIL_RECEIVED');
    assert.equal(request!.headers.authorization, `Basic ${Buffer.from('ann:s3cret').toString('base64')}`);
    assert.equal(request!.headers['x-tenant-token'], 'tok-1');
    const p = request!.json;
    assert.equal(p.eventName, 'EMAIL_RECEIVED');
    assert.equal(p.webhookId, webhook.id);
    assert.equal(p.webhookName, 'my hook');
    assert.equal(p.inboxId, inbox.id);
    assert.equal(p.emailId, email.id);
    assert.equal(p.subject, 'Webhook me');
    assert.equal(p.from, 'sender@example.com');
    assert.deepEqual(p.to, [inbox.emailAddress]);
    assert.deepEqual(p.cc, ['copy@example.com']);
    assert.equal(typeof p.messageId, 'string');
    assert.equal(new Date(p.createdAt as string).toISOString(), email.createdAt.toISOString());
    const [meta] = p.attachmentMetaDatas as Array<{ name: string; contentLength: number; id: string }>;
    assert.equal(meta!.name, 'a.txt');
    assert.equal(meta!.contentLength, 8);

    const signature = request!.headers['x-signature'] as string;
    assert.match(signature, /^[0-9a-f]{64}$/);
    const messageId = p.messageId as string;
    assert.equal((await aliceHooks.verifyWebhookSignature({ verifyWebhookSignatureOptions: { messageId, signature } })).isValid, true);
    const tampered = createHmac('sha256', 'not-the-secret').update(request!.body).digest('hex');
    assert.equal((await aliceHooks.verifyWebhookSignature({ verifyWebhookSignatureOptions: { messageId, signature: tampered } })).isValid, false);
    const flipped = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1);
    assert.equal((await aliceHooks.verifyWebhookSignature({ verifyWebhookSignatureOptions: { messageId, signature: flipped } })).isValid, false);
    // Another tenant cannot verify (or learn about) alice's deliveries.
    assert.equal((await bobHooks.verifyWebhookSignature({ verifyWebhookSignatureOptions: { messageId, signature } })).isValid, false);

    const [result] = await aliceHooks.waitForWebhookResults({ webhookId: webhook.id, expectedCount: 1, timeout: 10_000 });
    assert.equal(result!.resultType, 'SUCCESS');
    assert.equal(result!.responseStatus, 200);
    assert.equal(result!.messageId, messageId);
    assert.equal(result!.emailId, email.id);
    assert.equal(result!.inboxId, inbox.id);
    assert.equal(result!.responseBodyExtract, 'ok');
  });

  test('NEW_EMAIL and NEW_ATTACHMENT fire per email and per attachment; account webhooks see every inbox', async () => {
    const hook = await receiver();
    const inbox = await alice.mailslurp.createInbox();
    await aliceHooks.createWebhook({ inboxId: inbox.id!, createWebhookOptions: { url: hook.url, eventName: Event.NEW_ATTACHMENT } });
    await aliceHooks.createWebhook({ inboxId: inbox.id!, createWebhookOptions: { url: hook.url, eventName: Event.NEW_EMAIL } });
    const account = await aliceHooks.createAccountWebhook({ createWebhookOptions: { url: `${hook.url}/account`, eventName: Event.NEW_EMAIL } });
    await deliverMail(inbox.emailAddress!, 'Two files', {
      attachments: [{ filename: 'one.txt', content: '1' }, { filename: 'two.txt', content: '22' }],
    });
    const all = await hook.waitFor(4);
    const attachments = all.filter((r) => r.json.eventName === 'NEW_ATTACHMENT').map((r) => r.json);
    assert.deepEqual(attachments.map((a) => a.name).sort(), ['one.txt', 'two.txt']);
    assert.equal(attachments.find((a) => a.name === 'two.txt')!.contentLength, 2);
    const newEmail = all.filter((r) => r.json.eventName === 'NEW_EMAIL');
    assert.equal(newEmail.length, 2);
    assert.deepEqual(newEmail.map((r) => r.path).sort(), ['/', '/account']);
    assert.equal(newEmail.find((r) => r.path === '/account')!.json.webhookId, account.id);
    assert.equal(new Set(all.map((r) => r.json.messageId)).size, 4, 'messageId is unique per (event, webhook)');
  });

  test('EMAIL_READ fires when an email is marked read through the API; DELIVERY_STATUS on send; BOUNCE on a relay refusal', async () => {
    const hook = await receiver();
    const inbox = await alice.mailslurp.createInbox();
    await aliceHooks.createWebhook({ inboxId: inbox.id!, createWebhookOptions: { url: `${hook.url}/read`, eventName: Event.EMAIL_READ } });
    await aliceHooks.createWebhook({ inboxId: inbox.id!, createWebhookOptions: { url: `${hook.url}/status`, eventName: Event.DELIVERY_STATUS } });
    await aliceHooks.createAccountWebhook({ createWebhookOptions: { url: `${hook.url}/bounce`, eventName: Event.BOUNCE } });
    await aliceHooks.createAccountWebhook({ createWebhookOptions: { url: `${hook.url}/bounce-recipient`, eventName: Event.BOUNCE_RECIPIENT } });

    await deliverMail(inbox.emailAddress!, 'Read me');
    const email = await alice.mailslurp.waitForLatestEmail(inbox.id!, 10_000, false);
    assert.equal(hook.requests.length, 0, 'an unread email fires no EMAIL_READ');
    await alice.mailslurp.emailController.markAsRead({ emailId: email.id, read: true });
    const [read] = await hook.waitFor(1, (r) => r.path === '/read');
    assert.deepEqual(
      { emailId: read!.json.emailId, inboxId: read!.json.inboxId, emailIsRead: read!.json.emailIsRead, eventName: read!.json.eventName },
      { emailId: email.id, inboxId: inbox.id, emailIsRead: true, eventName: 'EMAIL_READ' },
    );

    const sent = await alice.mailslurp.sendEmail(inbox.id!, { to: ['good@example.com', 'reject-me@example.com'], subject: 'Status', body: 'x' });
    const statuses = await hook.waitFor(2, (r) => r.path === '/status');
    const byRecipient = new Map(statuses.map((r) => [(r.json.recipients as string[])[0], r.json]));
    assert.equal(byRecipient.get('good@example.com')!.sentId, sent.id);
    assert.equal(byRecipient.get('good@example.com')!.smtpStatusCode, 250);
    assert.equal(byRecipient.get('good@example.com')!.subject, 'Status');
    assert.equal(byRecipient.get('good@example.com')!.userId, alice.userId);
    assert.ok((byRecipient.get('reject-me@example.com')!.smtpStatusCode as number) >= 500);

    const [bounce] = await hook.waitFor(1, (r) => r.path === '/bounce');
    assert.equal(bounce!.json.eventName, 'BOUNCE');
    assert.equal(bounce!.json.sender, inbox.emailAddress);
    assert.deepEqual(bounce!.json.bounceRecipients, ['reject-me@example.com']);
    const [recipient] = await hook.waitFor(1, (r) => r.path === '/bounce-recipient');
    assert.equal(recipient!.json.recipient, 'reject-me@example.com');
  });

  test('a 500 is retried with the same messageId; the failure is an unseen error until read', async () => {
    const hook = await receiver();
    let calls = 0;
    hook.respond = () => (++calls === 1 ? 500 : 200);
    const inbox = await alice.mailslurp.createInbox();
    const webhook = await aliceHooks.createWebhook({ inboxId: inbox.id!, createWebhookOptions: { url: hook.url } });
    const unseenBefore = (await aliceHooks.getWebhookResultsUnseenErrorCount()).count;
    await deliverMail(inbox.emailAddress!, 'Retry me');
    const [first, second] = await hook.waitFor(2);
    assert.equal(second!.json.messageId, first!.json.messageId);
    assert.equal(second!.body, first!.body, 'the same stored payload is sent again');
    assert.equal(second!.headers['x-signature'], first!.headers['x-signature']);

    const results = await aliceHooks.waitForWebhookResults({ webhookId: webhook.id, expectedCount: 2, timeout: 10_000 });
    assert.deepEqual(results.map((r) => [r.resultType, r.responseStatus]), [['BAD_RESPONSE', 500], ['SUCCESS', 200]]);
    assert.equal((await aliceHooks.getWebhookResultsCount({ webhookId: webhook.id })).totalElements, 2);
    assert.equal((await aliceHooks.getWebhookResultsUnseenErrorCount()).count, unseenBefore + 1);
    const unseen = await aliceHooks.getWebhookResults({ webhookId: webhook.id, unseenOnly: true, resultType: 'BAD_RESPONSE' as never });
    assert.equal(unseen.totalElements, 1);
    const failed = await aliceHooks.getWebhookResult({ webhookResultId: unseen.content![0]!.id! });
    assert.equal(failed.seen, true, 'reading a result marks it seen');
    assert.equal((await aliceHooks.getWebhookResultsUnseenErrorCount()).count, unseenBefore);
    assert.equal((await aliceHooks.getWebhook({ webhookId: webhook.id })).healthStatus, 'HEALTHY');
    assert.equal(await statusOf(bobHooks.getWebhookResult({ webhookResultId: failed.id! })), 404);
  });

  test('failures past the retry window are dead-lettered; redrive resends the stored payload with the same messageId', async () => {
    const hook = await receiver();
    let healthy = false;
    hook.respond = () => (healthy ? 200 : 503);
    const inbox = await alice.mailslurp.createInbox();
    const webhook = await aliceHooks.createWebhook({ inboxId: inbox.id!, createWebhookOptions: { url: hook.url } });
    await deliverMail(inbox.emailAddress!, 'Never delivered');
    // Each failed attempt is a result; wait for them one by one until the last is EXHAUSTED.
    let results = await aliceHooks.waitForWebhookResults({ webhookId: webhook.id, expectedCount: 1, timeout: 10_000 });
    while (results.at(-1)!.resultType !== 'EXHAUSTED') {
      results = await aliceHooks.waitForWebhookResults({ webhookId: webhook.id, expectedCount: results.length + 1, timeout: 10_000 });
    }
    assert.ok(results.length >= 2, `retried before giving up (${results.length} attempts)`);
    assert.ok(results.slice(0, -1).every((r) => r.resultType === 'BAD_RESPONSE' && r.responseStatus === 503));
    assert.equal(new Set(results.map((r) => r.messageId)).size, 1);
    assert.equal((await aliceHooks.getWebhook({ webhookId: webhook.id })).healthStatus, 'UNHEALTHY');
    const exhausted = await aliceHooks.getAllWebhookResults({ resultType: ResultType.EXHAUSTED, inboxId: inbox.id });
    assert.equal(exhausted.totalElements, 1);

    healthy = true;
    const attemptsSoFar = hook.requests.length;
    const redrive = await aliceHooks.redriveWebhookResult({ webhookResultId: results.at(-1)!.id! });
    assert.equal(redrive.success, true);
    const redriven = (await hook.waitFor(attemptsSoFar + 1)).at(-1)!;
    assert.equal(redriven.json.messageId, results[0]!.messageId, 'a redrive keeps the messageId (the idempotency key)');
    const after = await aliceHooks.waitForWebhookResults({ webhookId: webhook.id, expectedCount: results.length + 1, timeout: 10_000 });
    const last = after.at(-1)!;
    assert.equal(last.resultType, 'SUCCESS');
    assert.equal(last.redriveId, results.at(-1)!.id);
    assert.equal((await aliceHooks.getWebhook({ webhookId: webhook.id })).healthStatus, 'HEALTHY');
    assert.equal(await statusOf(bobHooks.redriveWebhookResult({ webhookResultId: last.id! })), 404);
  });

  test('410 Gone disables the webhook: no further deliveries', async () => {
    const gone = await receiver();
    gone.respond = () => 410;
    const healthy = await receiver();
    const inbox = await alice.mailslurp.createInbox();
    const webhook = await aliceHooks.createWebhook({ inboxId: inbox.id!, createWebhookOptions: { url: gone.url } });
    await aliceHooks.createWebhook({ inboxId: inbox.id!, createWebhookOptions: { url: healthy.url } });
    await deliverMail(inbox.emailAddress!, 'First');
    await gone.waitFor(1);
    const [result] = await aliceHooks.waitForWebhookResults({ webhookId: webhook.id, expectedCount: 1, timeout: 10_000 });
    assert.equal(result!.responseStatus, 410);
    assert.equal((await aliceHooks.getWebhook({ webhookId: webhook.id })).enabled, false);
    await deliverMail(inbox.emailAddress!, 'Second');
    await healthy.waitFor(2);
    assert.equal(gone.requests.length, 1, 'a 410 is not retried and later events skip the webhook');
    assert.equal((await aliceHooks.getWebhookResultsCount({ webhookId: webhook.id })).totalElements, 1);
  });

  test('a request body template, sendTestData and the example payloads', async () => {
    const hook = await receiver();
    const inbox = await alice.mailslurp.createInbox();
    const webhook = await aliceHooks.createWebhook({
      inboxId: inbox.id!, createWebhookOptions: { url: hook.url, requestBodyTemplate: '{"subject":"{{subject}}","id":"{{emailId}}"}' },
    });
    const test = await aliceHooks.sendTestData({ webhookId: webhook.id });
    assert.equal(test.response.statusCode, 200);
    const [sample] = await hook.waitFor(1);
    assert.deepEqual(JSON.parse(sample!.body), { subject: 'Example subject', id: JSON.parse(test.request.payload!).id });
    assert.equal(test.request.headers['x-event'], 'EMAIL_RECEIVED');

    await deliverMail(inbox.emailAddress!, 'Templated');
    const [, real] = await hook.waitFor(2);
    assert.equal(JSON.parse(real!.body).subject, 'Templated');
    // The signature covers the body actually sent.
    const results = await aliceHooks.waitForWebhookResults({ webhookId: webhook.id, expectedCount: 1, timeout: 10_000 });
    const valid = await aliceHooks.verifyWebhookSignature({
      verifyWebhookSignatureOptions: { messageId: results[0]!.messageId, signature: real!.headers['x-signature'] as string },
    });
    assert.equal(valid.isValid, true);

    const example = await aliceHooks.getTestWebhookPayloadForWebhook({ webhookId: webhook.id });
    assert.equal(example.webhookId, webhook.id);
    assert.equal(example.eventName, 'EMAIL_RECEIVED');
    const bounce = await aliceHooks.getTestWebhookPayloadBounce();
    assert.equal(bounce.eventName, 'BOUNCE');
    assert.ok(bounce.bounceId && bounce.sender);
    assert.equal((await aliceHooks.getTestWebhookPayloadBounceRecipient()).recipient, 'nobody@example.com');
    assert.equal(typeof (await aliceHooks.getTestWebhookPayloadDeliveryStatus()).smtpStatusCode, 'number');
    assert.ok((await aliceHooks.getTestWebhookPayloadEmailOpened()).pixelId);
    assert.equal((await aliceHooks.getTestWebhookPayloadEmailRead()).emailIsRead, true);
    assert.equal((await aliceHooks.getTestWebhookPayloadNewAttachment()).contentLength, 1024);
    assert.deepEqual((await aliceHooks.getTestWebhookPayloadNewContact()).emailAddresses, ['ada@example.com']);
    assert.equal((await aliceHooks.getTestWebhookPayloadNewEmail()).eventName, 'NEW_EMAIL');
    assert.ok((await aliceHooks.getTestWebhookPayloadNewSms()).body);
    const generic = await aliceHooks.getTestWebhookPayload({ eventName: Event.DELIVERY_STATUS as never });
    assert.equal(generic.eventName, 'DELIVERY_STATUS');
    assert.equal((await aliceHooks.getTestWebhookPayload({})).eventName, 'EMAIL_RECEIVED');

    const schema = JSON.parse((await aliceHooks.getJsonSchemaForWebhookEvent({ event: 'NEW_ATTACHMENT' as never })).value);
    assert.ok(schema.properties.attachmentId);
    assert.ok(JSON.parse((await aliceHooks.getJsonSchemaForWebhookPayload({ webhookId: webhook.id })).value).properties.emailId);
    const document = await fetch(`${server.url}/schemas/webhook-payload`).then((r) => r.json()) as { definitions: Record<string, unknown> };
    assert.ok(document.definitions.WebhookNewEmailPayload && document.definitions.WebhookBouncePayload);
  });

  test('management: lists (DESC by default), headers, update, delete, tenant isolation and validation', async () => {
    const hook = await receiver();
    const inbox = await bob.mailslurp.createInbox();
    const first = await bobHooks.createWebhook({ inboxId: inbox.id!, createWebhookOptions: { url: `${hook.url}/1`, name: 'first' } });
    const second = await bobHooks.createAccountWebhook({ createWebhookOptions: { url: `${hook.url}/2`, eventName: Event.BOUNCE } });

    const all = await bobHooks.getAllWebhooks({});
    assert.deepEqual(all.content!.map((w) => w.id), [second.id, first.id], 'newest first');
    assert.deepEqual((await bobHooks.getAllWebhooks({ sort: 'ASC' as never })).content!.map((w) => w.id), [first.id, second.id]);
    assert.deepEqual((await bobHooks.getAllAccountWebhooks({})).content!.map((w) => w.id), [second.id]);
    assert.deepEqual((await bobHooks.getWebhooks({ inboxId: inbox.id! })).map((w) => w.id), [first.id]);
    assert.deepEqual((await bobHooks.getInboxWebhooksPaginated({ inboxId: inbox.id!, includeAccountWide: true })).content!.map((w) => w.id).sort(),
      [first.id, second.id].sort());
    assert.equal((await bobHooks.getAllWebhooks({ searchFilter: 'first' })).totalElements, 1);
    assert.equal((await bobHooks.getAllWebhookEndpoints({})).totalElements, 2);

    const withHeaders = await bobHooks.updateWebhookHeaders({ webhookId: first.id, webhookHeaders: { headers: [{ name: 'X-A', value: '1' }] } });
    assert.deepEqual(withHeaders.requestHeaders!.headers, [{ name: 'X-A', value: '1' }]);
    const updated = await bobHooks.updateWebhook({ webhookId: first.id, createWebhookOptions: { url: `${hook.url}/renamed`, name: 'renamed' } });
    assert.equal(updated.name, 'renamed');
    assert.equal(updated.url, `${hook.url}/renamed`);
    const bounceHook = await bobHooks.updateWebhook({ webhookId: second.id, createWebhookOptions: { url: `${hook.url}/2b` } });
    assert.equal(bounceHook.eventName, 'BOUNCE', 'an update without eventName keeps the event');

    // Another tenant's webhook is 404 everywhere.
    assert.equal(await statusOf(aliceHooks.getWebhook({ webhookId: first.id })), 404);
    assert.equal(await statusOf(aliceHooks.deleteWebhookById({ webhookId: first.id })), 404);
    assert.equal(await statusOf(aliceHooks.getWebhookResults({ webhookId: first.id })), 404);
    assert.equal(await statusOf(aliceHooks.createWebhook({ inboxId: inbox.id!, createWebhookOptions: { url: hook.url } })), 404);
    assert.equal((await aliceHooks.getAllWebhooks({ searchFilter: 'renamed' })).totalElements, 0);
    // Phone numbers do not exist here yet: any phone id is unknown.
    const phoneId = '00000000-0000-4000-8000-000000000000';
    assert.equal(await statusOf(bobHooks.createWebhookForPhoneNumber({ phoneNumberId: phoneId, createWebhookOptions: { url: hook.url } })), 404);
    assert.equal(await statusOf(bobHooks.getPhoneNumberWebhooksPaginated({ phoneId })), 404);

    const bad = await bob.fetch(`/inboxes/${inbox.id}/webhooks`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: 'ftp://example.com' }),
    });
    assert.equal(bad.status, 400);
    assert.match(((await bad.json()) as { message: string }).message, /url/);
    const badEvent = await bob.fetch('/webhooks', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: hook.url, eventName: 'NOPE' }),
    });
    assert.equal(badEvent.status, 400);

    const doomed = await bob.mailslurp.createInbox();
    const doomedHook = await bobHooks.createWebhook({ inboxId: doomed.id!, createWebhookOptions: { url: hook.url } });
    await bob.mailslurp.deleteInbox(doomed.id!);
    assert.equal(await statusOf(bobHooks.getWebhook({ webhookId: doomedHook.id })), 404, "an inbox's webhooks go with it");

    await bobHooks.deleteWebhook({ inboxId: inbox.id!, webhookId: first.id });
    assert.equal(await statusOf(bobHooks.getWebhook({ webhookId: first.id })), 404);
    await bobHooks.deleteAllWebhooks({});
    assert.equal((await bobHooks.getAllWebhooks({})).totalElements, 0);
  });
});

describe('webhook targets on a shared server (PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE=true)', () => {
  let server: TestServer;
  let tenant: Tenant;
  let hook: WebhookReceiver;
  before(async () => {
    hook = await startWebhookReceiver();
    server = await startTestServer('sqlite', { env: { PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE: 'true' } });
    tenant = await server.createTenant();
  });
  after(async () => {
    await server?.close();
    await hook?.close();
  });

  test('loopback and private targets are refused at creation, and after DNS resolution when sent', async () => {
    const api = webhookApi(server, tenant);
    for (const url of [hook.url, 'http://10.1.2.3/x', 'http://[::1]:8080/', 'http://169.254.169.254/latest', 'http://localhost:9/']) {
      assert.equal(await statusOf(api.createAccountWebhook({ createWebhookOptions: { url } })), 400, url);
    }
    // A name that resolves to a private address (this machine's own name) passes the creation
    // check, and is refused when connecting, after resolution.
    const webhook = await api.createAccountWebhook({ createWebhookOptions: { url: `http://${hostname()}:${hook.port}/` } });
    const test = await api.sendTestData({ webhookId: webhook.id });
    assert.equal(test.response.statusCode ?? null, null, 'no response: the connection was refused');
    assert.match(test.message!, /target refused: .* resolves to the private address/);
    assert.equal(hook.requests.length, 0);
  });
});
