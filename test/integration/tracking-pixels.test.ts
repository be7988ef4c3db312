import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  Configuration, CreateWebhookOptionsEventNameEnum as Event, SentEmailsControllerApi, TrackingControllerApi, WebhookControllerApi,
} from 'mailslurp-client';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { refusal } from '../helpers/client-errors.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { openEventStream } from '../helpers/event-stream.js';


describeEachDialect('tracking pixels', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let bob: Tenant;
  const receivers: WebhookReceiver[] = [];
  const apis = (tenant: Tenant) => {
    const configuration = new Configuration({ apiKey: tenant.apiKey, basePath: server.url });
    return {
      tracking: new TrackingControllerApi(configuration),
      sent: new SentEmailsControllerApi(configuration),
      webhooks: new WebhookControllerApi(configuration),
    };
  };
  /** a mail reader loading the image: no key */
  const load = (url: string) => fetch(url);

  before(async () => {
    // Several users with webhook receivers on loopback: this server allows them explicitly.
    server = await startTestServer(dialect, { env: { PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE: 'false' } });
    alice = await server.createTenant();
    bob = await server.createTenant();
  });
  after(async () => {
    await server?.close();
    for (const r of receivers) await r.close();
  });

  test('createTrackingPixel: a public image URL; the first load marks it seen and fires EMAIL_OPENED to account webhooks', async () => {
    const { tracking, webhooks } = apis(alice);
    const hook = await startWebhookReceiver();
    receivers.push(hook);
    await webhooks.createAccountWebhook({ createWebhookOptions: { url: hook.url, eventName: Event.EMAIL_OPENED } });

    const pixel = await tracking.createTrackingPixel({ createTrackingPixelOptions: { name: 'newsletter', recipient: 'reader@example.com' } });
    assert.equal(pixel.url, `${server.url}/tracking/pixels/${pixel.id}/image`);
    assert.ok(pixel.html.includes(`src="${pixel.url}"`), pixel.html);
    assert.equal(pixel.seen, false);
    assert.equal(pixel.seenAt ?? null, null);
    assert.equal(pixel.recipient, 'reader@example.com');
    assert.equal((await tracking.getTrackingPixel({ id: pixel.id })).seen, false);

    const image = await load(pixel.url);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/gif');
    assert.match(image.headers.get('cache-control') ?? '', /no-store/);
    assert.equal(Buffer.from(await image.arrayBuffer()).subarray(0, 6).toString('latin1'), 'GIF89a');

    const seen = await tracking.getTrackingPixel({ id: pixel.id });
    assert.equal(seen.seen, true);
    assert.ok(seen.seenAt instanceof Date && !Number.isNaN(seen.seenAt.getTime()));
    // Later loads answer the image and change nothing: seenAt is the first open.
    assert.equal((await load(pixel.url)).status, 200);
    assert.equal((await tracking.getTrackingPixel({ id: pixel.id })).seenAt?.toISOString(), seen.seenAt!.toISOString());

    const [delivery] = await hook.waitFor(1);
    assert.equal(delivery!.json.eventName, 'EMAIL_OPENED');
    assert.equal(delivery!.json.pixelId, pixel.id);
    assert.equal(delivery!.json.recipient, 'reader@example.com');
    assert.equal(delivery!.json.sentEmailId, null);

    const all = await tracking.getAllTrackingPixels({ searchFilter: 'newsletter' });
    assert.deepEqual(all.content?.map((p) => [p.id, p.name, p.seen, p.userId]), [[pixel.id, 'newsletter', true, alice.userId]]);
    // Not part of a sent email, so not among the sent pixels.
    assert.ok(!(await apis(alice).sent.getAllSentTrackingPixels({})).content?.some((p) => p.id === pixel.id));
    // The second load fired nothing more.
    assert.equal(hook.requests.length, 1);
  });

  test('sendEmail with addTrackingPixel: the received HTML carries the pixel; loading it marks the send opened everywhere', async () => {
    const { tracking, sent: sentApi, webhooks } = apis(alice);
    const sender = await alice.mailslurp.createInbox();
    const reader = await alice.mailslurp.createInbox();
    const hook = await startWebhookReceiver();
    receivers.push(hook);
    await webhooks.createWebhook({ inboxId: sender.id, createWebhookOptions: { url: hook.url, eventName: Event.EMAIL_OPENED } });
    const stream = await openEventStream(server, alice);
    try {
      const sent = await alice.mailslurp.sendEmail(sender.id, {
        to: [reader.emailAddress], subject: 'tracked', isHTML: true, body: '<html><body><p>Hello</p></body></html>', addTrackingPixel: true,
      });
      assert.equal(sent.pixelIds?.length, 1);
      const pixelId = sent.pixelIds![0]!;

      const received = await alice.mailslurp.waitForLatestEmail(reader.id, 10_000);
      const src = /<img src="([^"]+)" width="1" height="1" alt=""/.exec(received.body ?? '')?.[1];
      assert.ok(src, `the received HTML has the pixel: ${received.body}`);
      assert.equal(src, `${server.url}/tracking/pixels/${pixelId}/image`);
      assert.ok(received.body!.indexOf(src) < received.body!.indexOf('</body>'), 'inside the body');

      const before = await tracking.getTrackingPixel({ id: pixelId });
      assert.deepEqual(
        [before.seen, before.sentEmailId, before.inboxId, before.recipient, before.url],
        [false, sent.id, sender.id, reader.emailAddress, src],
      );

      assert.equal((await load(src)).status, 200);

      const opened = await stream.next('email.opened');
      assert.deepEqual(
        [opened.data.pixelId, opened.data.sentId, opened.data.inboxId, opened.data.tenantId],
        [pixelId, sent.id, sender.id, alice.userId],
      );
      const [delivery] = await hook.waitFor(1);
      assert.deepEqual(
        [delivery!.json.eventName, delivery!.json.pixelId, delivery!.json.sentEmailId, delivery!.json.inboxId, delivery!.json.recipient],
        ['EMAIL_OPENED', pixelId, sent.id, sender.id, reader.emailAddress],
      );

      const ofSent = await sentApi.getSentEmailTrackingPixels({ id: sent.id });
      assert.deepEqual(ofSent.content?.map((p) => [p.id, p.seen, p.sentEmailId]), [[pixelId, true, sent.id]]);
      assert.ok(ofSent.content![0]!.seenAt instanceof Date);
      const ofInbox = await alice.inboxApi.listInboxTrackingPixels({ inboxId: sender.id });
      assert.deepEqual(ofInbox.content?.map((p) => p.id), [pixelId]);
      assert.equal(ofInbox.totalElements, 1);
      // The reading inbox sent nothing, so it has no pixels.
      assert.equal((await alice.inboxApi.listInboxTrackingPixels({ inboxId: reader.id })).totalElements, 0);
      assert.ok((await sentApi.getAllSentTrackingPixels({})).content?.some((p) => p.id === pixelId && p.seen));
      assert.deepEqual((await sentApi.getSentEmail({ id: sent.id })).pixelIds, [pixelId]);
    } finally {
      await stream.close();
    }
  });

  test('a text body with addTrackingPixel is refused (400): mail readers load images only in HTML', async () => {
    const inbox = await alice.mailslurp.createInbox();
    const answer = await refusal(alice.inboxApi.sendEmailAndConfirm({
      inboxId: inbox.id!, sendEmailOptions: { to: ['someone@example.com'], body: 'plain text', addTrackingPixel: true },
    }));
    assert.equal(answer.status, 400);
    assert.match(answer.message, /addTrackingPixel/);
    // A send without the option has no pixels.
    const plain = await alice.mailslurp.sendEmail(inbox.id!, { to: ['someone@example.com'], body: 'x' });
    assert.deepEqual(plain.pixelIds, []);
    assert.equal((await apis(alice).sent.getSentEmailTrackingPixels({ id: plain.id })).totalElements, 0);
  });

  test("another user's pixels, inboxes and sent emails are 404; their lists stay empty", async () => {
    const sender = await alice.mailslurp.createInbox();
    const sent = await alice.mailslurp.sendEmail(sender.id!, { to: ['x@example.com'], isHTML: true, body: '<p>x</p>', addTrackingPixel: true });
    const pixelId = sent.pixelIds![0]!;
    const b = apis(bob);
    assert.equal(await statusOf(b.tracking.getTrackingPixel({ id: pixelId })), 404);
    assert.equal(await statusOf(b.tracking.getTrackingPixel({ id: randomUUID() })), 404);
    assert.equal(await statusOf(b.sent.getSentEmailTrackingPixels({ id: sent.id })), 404);
    assert.equal(await statusOf(bob.inboxApi.listInboxTrackingPixels({ inboxId: sender.id! })), 404);
    assert.equal((await b.tracking.getAllTrackingPixels({})).totalElements, 0);
    assert.equal((await b.sent.getAllSentTrackingPixels({})).totalElements, 0);
    // Alice's own lists do have it.
    assert.ok((await apis(alice).tracking.getAllTrackingPixels({ size: 100 })).content?.some((p) => p.id === pixelId));
  });

  test('image URLs of unknown pixels are 404, and unknown /tracking paths stay JSON 404 for browsers', async () => {
    const unknown = await load(`${server.url}/tracking/pixels/${randomUUID()}/image`);
    assert.equal(unknown.status, 404);
    const page = await fetch(`${server.url}/tracking/nothing-here`, { headers: { accept: 'text/html' } });
    assert.equal(page.status, 404);
    assert.match(page.headers.get('content-type') ?? '', /application\/json/);
    // The API itself needs the key.
    assert.equal((await fetch(`${server.url}/tracking/pixels`)).status, 401);
  });
});

describeEachDialect('tracking pixels behind PIGEONHOLE_PUBLIC_URL', (dialect) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(dialect, { env: { PIGEONHOLE_PUBLIC_URL: 'https://mail-test.example.com/pigeonhole/' } });
  });
  after(() => server?.close());

  test('pixel URLs start with the configured public URL (the image is still served at the same path)', async () => {
    const tenant = await server.createTenant();
    const tracking = new TrackingControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
    const pixel = await tracking.createTrackingPixel({ createTrackingPixelOptions: {} });
    assert.equal(pixel.url, `https://mail-test.example.com/pigeonhole/tracking/pixels/${pixel.id}/image`);
    assert.equal((await fetch(`${server.url}/tracking/pixels/${pixel.id}/image`)).status, 200);
    assert.equal((await tracking.getTrackingPixel({ id: pixel.id })).seen, true);
  });
});
