import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import type { WebhookResultRecord, WebhookResultType } from '../../storage/ports.js';
import { fakeServices, TEST_DOMAIN, type FakeServicesOptions, rejectsWith } from '../../../test/fakes/index.js';

const ALICE = 'tenant-alice';
const BOB = 'tenant-bob';

async function setup(options: FakeServicesOptions = {}) {
  const fake = fakeServices(options);
  const inbox = await fake.services.inboxes.create(ALICE, { emailAddress: `hooks@${TEST_DOMAIN}` });
  return { ...fake, webhooks: fake.services.webhooks, inbox };
}

/** What the delivery worker records for one attempt. */
function result(tenantId: string, webhookId: string, resultType: WebhookResultType, status: number | null, createdAt: Date,
  changes: Partial<WebhookResultRecord> = {}): Omit<WebhookResultRecord, 'seen' | 'updatedAt'> {
  return {
    id: randomUUID(), tenantId, webhookId, deliveryId: randomUUID(), messageId: randomUUID(), redriveId: null,
    webhookUrl: 'https://hooks.example.com/in', httpMethod: 'POST', eventName: 'EMAIL_RECEIVED', responseStatus: status,
    responseTimeMillis: 12, responseBodyExtract: status === null ? null : `answered ${status}`,
    error: resultType === 'SUCCESS' ? null : 'it went wrong', resultType, inboxId: null, emailId: null, attachmentId: null, phoneId: null, smsId: null,
    createdAt, ...changes,
  };
}

/** The documented signature: hex HMAC-SHA256 of the body sent, keyed with the tenant's signing secret. */
const hmac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

describe('creating webhooks', () => {
  test('an inbox webhook starts enabled and healthy, for EMAIL_RECEIVED unless told otherwise', async () => {
    const { webhooks, inbox, clock } = await setup();
    const hook = await webhooks.createForInbox(ALICE, inbox.id, { url: ' https://hooks.example.com/in?x=1 ', name: 'CI' });
    assert.equal(hook.inboxId, inbox.id);
    assert.equal(hook.url, 'https://hooks.example.com/in?x=1');
    assert.equal(hook.eventName, 'EMAIL_RECEIVED');
    assert.equal(hook.enabled, true);
    assert.equal(hook.healthStatus, 'HEALTHY');
    assert.deepEqual(hook.headers, []);
    assert.deepEqual(hook.createdAt, clock.now());
    assert.deepEqual(await webhooks.get(ALICE, hook.id), hook);

    const account = await webhooks.createForAccount(ALICE, { url: 'http://hooks.example.com', eventName: 'BOUNCE' });
    assert.equal(account.inboxId, null);
    assert.equal(account.eventName, 'BOUNCE');
    assert.equal(account.url, 'http://hooks.example.com/');
  });

  test("webhooks need an inbox of the caller's, and http or https URLs", async () => {
    const { webhooks, inbox } = await setup();
    await rejectsWith(webhooks.createForInbox(BOB, inbox.id, { url: 'https://hooks.example.com' }), 'NOT_FOUND');
    await rejectsWith(webhooks.createForInbox(ALICE, 'no-such-inbox', { url: 'https://hooks.example.com' }), 'NOT_FOUND');
    await rejectsWith(webhooks.createForAccount(ALICE, { url: 'hooks.example.com/in' }), 'BAD_REQUEST', /absolute http or https URL/);
    await rejectsWith(webhooks.createForAccount(ALICE, { url: 'ftp://hooks.example.com/in' }), 'BAD_REQUEST', /http or https, got ftp:/);
    await rejectsWith(webhooks.createForAccount(ALICE, { url: 'javascript:alert(1)' }), 'BAD_REQUEST');
    assert.equal((await webhooks.page(ALICE, {}, {})).slice.total, 0, 'nothing refused was stored');
  });

  test('with private targets blocked, loopback, private and link-local URLs are refused in every spelling', async () => {
    const { webhooks, inbox } = await setup({ webhooks: { blockPrivate: true, timeoutMs: 1000 } });
    const refused = [
      'http://127.0.0.1:8080/hook', 'http://localhost:3000/', 'https://api.localhost/', 'http://10.1.2.3/', 'http://192.168.0.10/',
      'http://172.16.5.4/', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/',
      'http://2130706433/', 'http://0x7f.1/', 'http://0.0.0.0/', 'http://LOCALHOST/',
    ];
    for (const url of refused) {
      await rejectsWith(webhooks.createForInbox(ALICE, inbox.id, { url }), 'BAD_REQUEST', /PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE/);
    }
    const ok = await webhooks.createForInbox(ALICE, inbox.id, { url: 'https://93.184.215.14/hook' });
    // updating cannot sneak a private target in either
    await rejectsWith(webhooks.update(ALICE, ok.id, { url: 'http://127.0.0.1/' }, {}), 'BAD_REQUEST', /private/);
    assert.equal((await webhooks.get(ALICE, ok.id)).url, 'https://93.184.215.14/hook');
  });

  test('with private targets allowed (the default), a local receiver is fine', async () => {
    const { webhooks, inbox } = await setup();
    const hook = await webhooks.createForInbox(ALICE, inbox.id, { url: 'http://localhost:4000/hook' });
    assert.equal(hook.url, 'http://localhost:4000/hook');
  });
});

describe('changing webhooks', () => {
  test('updateHeaders replaces the headers and stamps the change', async () => {
    const { webhooks, inbox, clock } = await setup();
    const hook = await webhooks.createForInbox(ALICE, inbox.id, {
      url: 'https://hooks.example.com', includeHeaders: { headers: [{ name: 'X-Old', value: '1' }] },
    });
    clock.advance(5000);
    const updated = await webhooks.updateHeaders(ALICE, hook.id, [{ name: 'Authorization', value: 'Bearer t' }, { name: 'X-Env', value: 'ci' }]);
    assert.deepEqual(updated.headers, [{ name: 'Authorization', value: 'Bearer t' }, { name: 'X-Env', value: 'ci' }]);
    assert.deepEqual(updated.updatedAt, clock.now());
    assert.deepEqual(updated.createdAt, hook.createdAt);
    assert.deepEqual(await webhooks.get(ALICE, hook.id), updated);
    await rejectsWith(webhooks.updateHeaders(BOB, hook.id, []), 'NOT_FOUND');
    assert.deepEqual((await webhooks.get(ALICE, hook.id)).headers, updated.headers);
  });

  test('update keeps what it is not given: event, headers, basic auth (unless overrideAuth)', async () => {
    const { webhooks, inbox } = await setup();
    const hook = await webhooks.createForInbox(ALICE, inbox.id, {
      url: 'https://hooks.example.com/a', eventName: 'EMAIL_OPENED', name: 'opens',
      basicAuth: { username: 'u', password: 'p' }, includeHeaders: { headers: [{ name: 'X-A', value: 'a' }] },
    });
    const moved = await webhooks.update(ALICE, hook.id, { url: 'https://hooks.example.com/b' }, {});
    assert.equal(moved.url, 'https://hooks.example.com/b');
    assert.equal(moved.eventName, 'EMAIL_OPENED');
    assert.equal(moved.name, 'opens');
    assert.deepEqual(moved.basicAuth, { username: 'u', password: 'p' });
    assert.deepEqual(moved.headers, [{ name: 'X-A', value: 'a' }]);
    const cleared = await webhooks.update(ALICE, hook.id, { url: 'https://hooks.example.com/b' }, { overrideAuth: true });
    assert.equal(cleared.basicAuth, null);
    assert.deepEqual(await webhooks.get(ALICE, hook.id), cleared);
  });

  test('deleting a webhook takes its results; deleting its inbox takes the webhook', async () => {
    const { webhooks, inbox, repos, services, clock } = await setup();
    const hook = await webhooks.createForInbox(ALICE, inbox.id, { url: 'https://hooks.example.com' });
    const account = await webhooks.createForAccount(ALICE, { url: 'https://hooks.example.com/all' });
    repos.webhooks.addResult(result(ALICE, account.id, 'SUCCESS', 200, clock.now()));
    await rejectsWith(webhooks.delete(BOB, account.id), 'NOT_FOUND');
    await webhooks.delete(ALICE, account.id);
    await rejectsWith(webhooks.get(ALICE, account.id), 'NOT_FOUND');
    assert.equal((await webhooks.pageResults(ALICE, {})).slice.total, 0);
    await rejectsWith(webhooks.delete(ALICE, account.id), 'NOT_FOUND');

    await services.inboxes.delete(ALICE, inbox.id);
    await rejectsWith(webhooks.get(ALICE, hook.id), 'NOT_FOUND');
  });
});

describe('listing webhooks', () => {
  test("an inbox's list, with account-wide ones on request; filters by event and search", async () => {
    const { webhooks, inbox, services, clock } = await setup();
    const other = await services.inboxes.create(ALICE, {});
    const mine = await webhooks.createForInbox(ALICE, inbox.id, { url: 'https://a.example.com/', name: 'Received' });
    clock.advance(1);
    const opened = await webhooks.createForInbox(ALICE, inbox.id, { url: 'https://b.example.com/', eventName: 'EMAIL_OPENED' });
    clock.advance(1);
    const account = await webhooks.createForAccount(ALICE, { url: 'https://c.example.com/' });
    clock.advance(1);
    await webhooks.createForInbox(ALICE, other.id, { url: 'https://d.example.com/' });
    const bobInbox = await services.inboxes.create(BOB, {});
    await webhooks.createForInbox(BOB, bobInbox.id, { url: 'https://a.example.com/' });

    const ids = async (input: Parameters<typeof webhooks.page>[1], scope: Parameters<typeof webhooks.page>[2]) =>
      (await webhooks.page(ALICE, input, scope)).slice.items.map((w) => w.id);
    assert.deepEqual(await ids({}, { inboxId: inbox.id }), [mine.id, opened.id]);
    assert.deepEqual(await ids({ includeAccountWide: true }, { inboxId: inbox.id }), [mine.id, opened.id, account.id]);
    assert.deepEqual(await ids({}, { accountOnly: true }), [account.id]);
    assert.deepEqual(await ids({ eventType: 'EMAIL_OPENED' }, {}), [opened.id]);
    assert.deepEqual(await ids({ searchFilter: 'RECEIV' }, {}), [mine.id]);
    assert.deepEqual(await ids({ size: 2, page: 1 }, {}), [account.id, (await ids({}, { inboxId: other.id }))[0]!]);
    assert.equal((await webhooks.page(ALICE, {}, {})).slice.total, 4);
    await rejectsWith(webhooks.page(BOB, {}, { inboxId: inbox.id }), 'NOT_FOUND');
  });
});

describe('results', () => {
  async function withResults() {
    const fake = await setup();
    const { webhooks, inbox, repos, clock } = fake;
    const hook = await webhooks.createForInbox(ALICE, inbox.id, { url: 'https://hooks.example.com/in' });
    const other = await webhooks.createForAccount(ALICE, { url: 'https://hooks.example.com/all' });
    const at = (s: number) => new Date(clock.now().getTime() + s * 1000);
    const results = [
      repos.webhooks.addResult(result(ALICE, hook.id, 'SUCCESS', 200, at(1))),
      repos.webhooks.addResult(result(ALICE, hook.id, 'BAD_RESPONSE', 500, at(2))),
      repos.webhooks.addResult(result(ALICE, hook.id, 'EXCEPTION', null, at(3))),
      repos.webhooks.addResult(result(ALICE, other.id, 'BAD_RESPONSE', 404, at(4))),
    ];
    const bobs = await fake.services.inboxes.create(BOB, {});
    const bobHook = await webhooks.createForInbox(BOB, bobs.id, { url: 'https://hooks.example.com/bob' });
    repos.webhooks.addResult(result(BOB, bobHook.id, 'EXCEPTION', null, at(5)));
    return { ...fake, hook, other, results };
  }

  test('are listed per webhook, newest last, filtered by type and status range', async () => {
    const { webhooks, hook, other, results, repos, clock } = await withResults();
    results.push(repos.webhooks.addResult(result(ALICE, other.id, 'SUCCESS', 204, new Date(clock.now().getTime() + 4500), { eventName: 'NEW_SMS', phoneId: 'phone-1', smsId: 'sms-1' })));
    const ids = async (input: Parameters<typeof webhooks.pageResults>[1], webhookId?: string) =>
      (await webhooks.pageResults(ALICE, input, webhookId)).slice.items.map((r) => r.id);
    assert.deepEqual(await ids({}, hook.id), results.slice(0, 3).map((r) => r.id));
    assert.deepEqual(await ids({ sort: 'DESC', size: 1 }), [results[4]!.id]);
    assert.deepEqual(await ids({ resultType: 'BAD_RESPONSE' }), [results[1]!.id, results[3]!.id]);
    assert.deepEqual(await ids({ minStatusCode: 400, maxStatusCode: 499 }), [results[3]!.id]);
    assert.deepEqual(await ids({ minStatusCode: 100 }), [results[0]!.id, results[1]!.id, results[3]!.id, results[4]!.id], 'no status, no match');
    assert.deepEqual(await ids({ smsId: 'sms-1' }), [results[4]!.id], 'a NEW_SMS result names its SMS');
    assert.deepEqual(await ids({ phoneId: 'phone-1' }), [results[4]!.id], 'and its phone number');
    assert.deepEqual(await ids({ smsId: 'sms-2' }), []);
    assert.equal(await webhooks.countResults(ALICE, hook.id), 3);
    await rejectsWith(webhooks.countResults(BOB, hook.id), 'NOT_FOUND');
  });

  test('unseen errors are counted until read; reading marks a result seen', async () => {
    const { webhooks, results } = await withResults();
    assert.equal(await webhooks.unseenErrorCount(ALICE), 3, 'BAD_RESPONSE and EXCEPTION count; SUCCESS does not');
    assert.equal(await webhooks.unseenErrorCount(BOB), 1);
    const read = await webhooks.getResult(ALICE, results[1]!.id);
    assert.equal(read.seen, true);
    assert.equal(read.responseStatus, 500);
    assert.equal(await webhooks.unseenErrorCount(ALICE), 2);
    assert.equal((await webhooks.pageResults(ALICE, { unseenOnly: true })).slice.total, 3, 'the success is unseen but no error');
    await webhooks.getResult(ALICE, results[1]!.id);
    assert.equal(await webhooks.unseenErrorCount(ALICE), 2, 'reading twice counts once');
    await rejectsWith(webhooks.getResult(BOB, results[2]!.id), 'NOT_FOUND');
    assert.equal(await webhooks.unseenErrorCount(ALICE), 2, "another tenant's read marks nothing");
  });

  test('a redrive queues the stored delivery again and wakes the worker', async () => {
    const { webhooks, repos, hook } = await withResults();
    const job = repos.webhooks.addDelivery({ tenantId: ALICE, webhookId: hook.id, messageId: randomUUID(), payload: '{}', state: 'dead' });
    const failed = repos.webhooks.addResult(result(ALICE, hook.id, 'EXHAUSTED', 503, new Date(), { deliveryId: job.id }));
    let woken = 0;
    webhooks.queued.wake = () => void woken++;
    const answer = await webhooks.redrive(ALICE, failed.id);
    assert.equal(answer.success, true);
    assert.equal(repos.webhooks.delivery(job.id)?.state, 'pending');
    assert.equal(woken, 1);
    await rejectsWith(webhooks.redrive(BOB, failed.id), 'NOT_FOUND');
  });

  test('waitForResults answers once the webhook has enough results, woken by webhook.result', async (t) => {
    // time stands still: only the event can end the wait
    t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    const { webhooks, repos, bus, hook } = await withResults();
    assert.equal((await webhooks.waitForResults(ALICE, hook.id, 2, 0)).length, 2, 'already there: at once');
    let ended = false;
    const waiting = webhooks.waitForResults(ALICE, hook.id, 4, 60_000).finally(() => (ended = true));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(ended, false, 'three of four: it waits');
    const fourth = repos.webhooks.addResult(result(ALICE, hook.id, 'SUCCESS', 204, new Date('2030-01-01')));
    bus.publish('webhook.result', { tenantId: ALICE, inboxId: '', webhookId: hook.id, resultId: fourth.id, createdAt: fourth.createdAt });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(ended, true, 'the event woke it');
    const found = await waiting;
    assert.deepEqual(found.map((r) => r.id).at(-1), fourth.id);
    await rejectsWith(webhooks.waitForResults(ALICE, hook.id, 10, 0), 'TIMEOUT', /fewer than 10 results/);
  });
});

describe('signature verification', () => {
  test('a signature over the body sent, with the tenant secret, verifies; anything else does not', async () => {
    const { webhooks, inbox, repos } = await setup();
    const hook = await webhooks.createForInbox(ALICE, inbox.id, { url: 'https://hooks.example.com' });
    const messageId = randomUUID();
    const payload = JSON.stringify({ messageId, webhookId: hook.id, eventName: 'EMAIL_RECEIVED', subject: 'Hello' });
    repos.webhooks.addDelivery({ tenantId: ALICE, webhookId: hook.id, messageId, payload });
    const secret = await repos.webhooks.signingSecret(ALICE);
    const signature = hmac(secret, payload);

    assert.equal(await webhooks.verify(ALICE, messageId, signature), true);
    assert.equal(await webhooks.verify(ALICE, messageId, ` ${signature.toUpperCase()} `), true, 'hex in any case, trimmed');
    assert.equal(await webhooks.verify(ALICE, messageId, hmac(secret, `${payload} `)), false, 'another body');
    assert.equal(await webhooks.verify(ALICE, messageId, hmac(await repos.webhooks.signingSecret(BOB), payload)), false, "another tenant's secret");
    assert.equal(await webhooks.verify(ALICE, messageId, signature.slice(0, -2)), false);
    assert.equal(await webhooks.verify(ALICE, randomUUID(), signature), false, 'unknown message');
    assert.equal(await webhooks.verify(BOB, messageId, signature), false, "another tenant's message");
  });

  test('with a body template, the signature is over the rendered body', async () => {
    const { webhooks, inbox, repos } = await setup();
    const hook = await webhooks.createForInbox(ALICE, inbox.id, {
      url: 'https://hooks.example.com', requestBodyTemplate: '{"text":"New mail: {{subject}}","n":{{count}}}',
    });
    const messageId = randomUUID();
    const payload = JSON.stringify({ messageId, subject: 'Hello', count: 3 });
    repos.webhooks.addDelivery({ tenantId: ALICE, webhookId: hook.id, messageId, payload });
    const secret = await repos.webhooks.signingSecret(ALICE);
    assert.equal(await webhooks.verify(ALICE, messageId, hmac(secret, '{"text":"New mail: Hello","n":3}')), true);
    assert.equal(await webhooks.verify(ALICE, messageId, hmac(secret, payload)), false, 'not the raw payload');
  });
});
