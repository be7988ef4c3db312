import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Configuration, SentEmailsControllerApi } from 'mailslurp-client';
import type { EventBus, EventName } from '../../src/events/bus.js';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';

/**
 * SentEmailsController beyond the basics (sending.test.ts): waitForDeliveryStatuses,
 * getSentEmailHTMLContent, getSentEmailPreviewURLs, getSentOrganizationEmails, and the
 * attachment ids of a sent email, through the official client.
 */

const sentApi = (server: TestServer, tenant: Tenant) =>
  new SentEmailsControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));

/**
 * Resolves once the server subscribes to `name` (a waiter registering), so a test can act
 * strictly after a wait started: proof that the waiter is woken by the event, not found by
 * its first look at the store.
 */
function nextSubscription(bus: EventBus, name: EventName): Promise<void> {
  const original = bus.subscribe as (this: EventBus, event: EventName, handler: (payload: never) => void) => () => void;
  return new Promise((resolve) => {
    bus.subscribe = function (this: EventBus, event: EventName, handler: (payload: never) => void) {
      const unsubscribe = original.call(this, event, handler);
      if (event === name) {
        Reflect.deleteProperty(bus, 'subscribe');
        resolve();
      }
      return unsubscribe;
    } as EventBus['subscribe'];
  });
}

async function uploadText(tenant: Tenant, text: string, filename: string): Promise<string> {
  const [id] = await tenant.mailslurp.uploadAttachment({ base64Contents: Buffer.from(text).toString('base64'), filename });
  return String(id);
}

describeEachDialect('sent emails: waits, content, organization, attachments', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  let api: SentEmailsControllerApi;
  before(async () => {
    server = await startTestServer(dialect);
    tenant = await server.createTenant();
    api = sentApi(server, tenant);
  });
  after(() => server.close());

  test('waitForDeliveryStatuses answers with the status of a send made after the wait started', async () => {
    const a = await tenant.mailslurp.createInbox();
    const registered = nextSubscription(server.server.bus, 'delivery-status.created');
    const waiting = api.waitForDeliveryStatuses({ inboxId: a.id, timeout: 20_000 });
    await registered;
    const sentAt = Date.now();
    const sent = await tenant.mailslurp.sendEmail(a.id, { to: ['waited@example.com'], subject: 'awaited', body: 'x' });
    const status = await waiting;
    // Woken by the send, not found by a last look at the timeout.
    assert.ok(Date.now() - sentAt < 10_000, 'answered when the status was recorded');
    assert.equal(status.sentId, sent.id);
    assert.equal(status.inboxId, a.id);
    assert.deepEqual(status.recipients, ['waited@example.com']);
    assert.equal(status.subject, 'awaited');

    // index=1 waits for the second status even though one is there already.
    const registeredAgain = nextSubscription(server.server.bus, 'delivery-status.created');
    const second = api.waitForDeliveryStatuses({ inboxId: a.id, index: 1, timeout: 20_000 });
    await registeredAgain;
    const laterAt = Date.now();
    const later = await tenant.mailslurp.sendEmail(a.id, { to: ['later@example.com'], subject: 'second', body: 'x' });
    assert.equal((await second).sentId, later.id);
    assert.ok(Date.now() - laterAt < 10_000, 'answered when the second status was recorded');

    // Present already: an immediate answer, by sent id.
    const started = Date.now();
    const known = await api.waitForDeliveryStatuses({ sentId: sent.id, timeout: 20_000 });
    assert.equal(known.sentId, sent.id);
    assert.ok(Date.now() - started < 10_000, 'no waiting when the status exists');
  });

  test('waitForDeliveryStatuses answers 408 at the timeout; statuses of other inboxes do not count', async () => {
    const a = await tenant.mailslurp.createInbox();
    const other = await tenant.mailslurp.createInbox();
    assert.equal(await statusOf(api.waitForDeliveryStatuses({ inboxId: a.id, timeout: 50 })), 408);

    const registered = nextSubscription(server.server.bus, 'delivery-status.created');
    const waiting = statusOf(api.waitForDeliveryStatuses({ inboxId: a.id, timeout: 400 }));
    await registered;
    await tenant.mailslurp.sendEmail(other.id, { to: ['elsewhere@example.com'], body: 'x' });
    assert.equal(await waiting, 408);

    const response = await tenant.fetch(`/sent/delivery-status/wait-for?inboxId=${a.id}&timeout=50`);
    assert.equal(response.status, 408);
    assert.match(((await response.json()) as { message: string }).message, /No delivery status at index 0 of inbox .* within 50 ms/);
  });

  test('waitForDeliveryStatuses refuses bad input with a 400 naming the field', async () => {
    for (const [query, field] of [['index=-1', 'index'], ['timeout=-5', 'timeout'], ['sentId=nope', 'sentId']] as const) {
      const response = await tenant.fetch(`/sent/delivery-status/wait-for?${query}`);
      assert.equal(response.status, 400, query);
      assert.match(((await response.json()) as { message: string }).message, new RegExp(field), query);
    }
  });

  test('getSentEmailHTMLContent is the HTML body as sent (the text body for a text send)', async () => {
    const a = await tenant.mailslurp.createInbox();
    const html = '<html><body><h1>Hello</h1><p>Caf\u00e9 &amp; cr\u00e8me, a long line '.concat('x'.repeat(120), '</p></body></html>');
    const sent = await tenant.mailslurp.sendEmail(a.id, { to: ['html@example.com'], subject: 'html', body: html, isHTML: true });
    assert.equal(await api.getSentEmailHTMLContent({ id: sent.id }), html);
    const response = await tenant.fetch(`/sent/${sent.id}/html`);
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/);

    const text = await tenant.mailslurp.sendEmail(a.id, { to: ['text@example.com'], body: 'Just text, nothing more.' });
    assert.equal(await api.getSentEmailHTMLContent({ id: text.id }), 'Just text, nothing more.');
  });

  test('getSentEmailPreviewURLs point to routes of this server that answer 200 with the key or their token', async () => {
    const a = await tenant.mailslurp.createInbox();
    const html = '<p>preview me</p>';
    const sent = await tenant.mailslurp.sendEmail(a.id, { to: ['preview@example.com'], subject: 'preview', body: html, isHTML: true });
    const urls = await api.getSentEmailPreviewURLs({ id: sent.id });
    assert.equal(urls.origin, server.url);
    for (const url of [urls.rawSmtpMessageUrl, urls.plainHtmlBodyUrl]) {
      assert.ok(url.startsWith(`${server.url}/`), url);
      assert.equal((await fetch(url)).status, 200, `${url} opens with its token (test/integration/preview-links.test.ts)`);
      assert.equal((await fetch(url.split('?')[0]!)).status, 401, `${url} without its token needs the key`);
    }
    const raw = await fetch(urls.rawSmtpMessageUrl, { headers: { 'x-api-key': tenant.apiKey } });
    assert.equal(raw.status, 200);
    assert.equal(await raw.text(), (await api.getRawSentEmailJson({ emailId: sent.id })).content);
    const body = await fetch(urls.plainHtmlBodyUrl, { headers: { 'x-api-key': tenant.apiKey } });
    assert.equal(body.status, 200);
    assert.equal(await body.text(), html);
  });

  test("getSentOrganizationEmails lists the tenant's sent emails, with the list filters", async () => {
    const fresh = await server.createTenant();
    const freshApi = sentApi(server, fresh);
    const a = await fresh.mailslurp.createInbox();
    const b = await fresh.mailslurp.createInbox();
    const one = await fresh.mailslurp.sendEmail(a.id, { to: ['one@example.com'], subject: 'org one', body: 'x' });
    const two = await fresh.mailslurp.sendEmail(b.id, { to: ['two@example.com'], subject: 'org two', body: 'x' });
    await tenant.mailslurp.sendEmail((await tenant.mailslurp.createInbox()).id, { to: ['else@example.com'], subject: 'not theirs', body: 'x' });

    const page = await freshApi.getSentOrganizationEmails({ sort: 'ASC' as never });
    assert.equal(page.totalElements, 2);
    assert.deepEqual(page.content?.map((s) => s.id), [one.id, two.id]);
    assert.deepEqual(page.content?.map((s) => s.id), (await freshApi.getSentEmails({ sort: 'ASC' as never })).content?.map((s) => s.id));
    assert.deepEqual((await freshApi.getSentOrganizationEmails({ inboxId: b.id })).content?.map((s) => s.id), [two.id]);
    assert.deepEqual((await freshApi.getSentOrganizationEmails({ searchFilter: 'one@' })).content?.map((s) => s.id), [one.id]);
    assert.equal((await freshApi.getSentOrganizationEmails({ size: 1, page: 1 })).content?.length, 1);
  });

  test('a sent email records the ids of the attachments it carried', async () => {
    const a = await tenant.mailslurp.createInbox();
    const first = await uploadText(tenant, 'first file', 'first.txt');
    const second = await uploadText(tenant, 'second file', 'second.txt');
    const sent = await tenant.mailslurp.sendEmail(a.id, { to: ['files@example.com'], subject: 'with files', body: 'x', attachments: [first, second] });
    assert.deepEqual(sent.attachments, [first, second]);
    assert.deepEqual((await api.getSentEmail({ id: sent.id })).attachments, [first, second]);
    const listed = (await api.getSentEmails({ inboxId: a.id })).content ?? [];
    assert.deepEqual(listed.map((s) => s.attachments), [[first, second]]);
    assert.deepEqual((await tenant.inboxApi.getInboxSentEmails({ inboxId: a.id })).content?.[0]?.attachments, [first, second]);

    const plain = await tenant.mailslurp.sendEmail(a.id, { to: ['nofiles@example.com'], body: 'x' });
    assert.deepEqual((await api.getSentEmail({ id: plain.id })).attachments, []);
  });

  test("another tenant gets 404 for A's sent ids and inbox ids on the new routes", async () => {
    const a = await tenant.mailslurp.createInbox();
    const sent = await tenant.mailslurp.sendEmail(a.id, { to: ['secret@example.com'], subject: 'secret', body: '<p>secret</p>', isHTML: true });
    const intruder = await server.createTenant();
    const b = sentApi(server, intruder);
    assert.equal(await statusOf(b.getSentEmailHTMLContent({ id: sent.id })), 404);
    assert.equal(await statusOf(b.getSentEmailPreviewURLs({ id: sent.id })), 404);
    assert.equal(await statusOf(b.waitForDeliveryStatuses({ sentId: sent.id, timeout: 0 })), 404);
    assert.equal(await statusOf(b.waitForDeliveryStatuses({ inboxId: a.id, timeout: 0 })), 404);
    assert.equal(await statusOf(b.getSentOrganizationEmails({ inboxId: a.id })), 404);
    assert.equal((await b.getSentOrganizationEmails({})).totalElements, 0);
    // B's own unfiltered wait sees none of A's statuses.
    assert.equal(await statusOf(b.waitForDeliveryStatuses({ timeout: 0 })), 408);
    // Unknown ids are 404 alike.
    assert.equal(await statusOf(api.getSentEmailHTMLContent({ id: randomUUID() })), 404);
    assert.equal(await statusOf(api.getSentEmailPreviewURLs({ id: randomUUID() })), 404);
  });

  // Tracking pixels are tested in tracking-pixels.test.ts.
  // Queue results (getSentEmailsWithQueueResults) are tested in send-queue.test.ts.
  test('the sent-email extras are documented', async () => {
    const doc = (await (await server.fetch('/v3/api-docs', { key: null })).json()) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const documented = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    for (const operationId of ['waitForDeliveryStatuses', 'getSentEmailHTMLContent', 'getSentEmailPreviewURLs', 'getSentOrganizationEmails']) {
      assert.ok(documented.includes(operationId), `${operationId} is documented`);
    }
  });
});
