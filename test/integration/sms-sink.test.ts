import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { CreatePhoneNumberOptionsPhoneCountryEnum as Country, type PhoneNumberDto } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { twilioClient } from '../helpers/twilio.js';
import { refusal } from '../helpers/client-errors.js';

const ACCOUNT = 'AC0123456789abcdef0123456789abcdef';
/** A number outside the carrier that libphonenumber-js calls valid, and in none of the default ranges (so no phone of the test has it). */
const OUTSIDE_NUMBER = '+12065550123';
/** Configured to fail (PIGEONHOLE_SMS_FAIL_NUMBERS takes prefixes). */
const FAILING_NUMBER = '+12065550188';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

/** Serves the media a message points at: /pic.png (an image), /missing (404). */
async function startMediaServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.url === '/pic.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PNG);
    } else {
      res.writeHead(404).end('no');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

const form = (params: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) for (const one of [value].flat()) body.append(name, one);
  return body;
};

describeEachDialect('SMS sink (Twilio Messages resource)', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let bob: Tenant;
  let alicePhone: PhoneNumberDto;
  let bobPhone: PhoneNumberDto;
  let receiver: WebhookReceiver;
  let media: { url: string; close(): Promise<void> };

  const basic = (tenant: Tenant, account = ACCOUNT) => `Basic ${Buffer.from(`${account}:${tenant.apiKey}`).toString('base64')}`;
  const post = (tenant: Tenant, params: Record<string, string | string[]>, account = ACCOUNT) =>
    fetch(`${server.url}/2010-04-01/Accounts/${account}/Messages.json`, { method: 'POST', headers: { authorization: basic(tenant, account) }, body: form(params) });

  before(async () => {
    // callbacks and media come from this machine: allow loopback targets (a second user turns the automatic rule to refuse them)
    server = await startTestServer(dialect, { env: { PIGEONHOLE_SMS_FAIL_NUMBERS: '+120655501' + '88', PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE: 'false' } });
    alice = await server.createTenant();
    bob = await server.createTenant();
    alicePhone = await alice.mailslurp.phoneController.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.US } });
    bobPhone = await bob.mailslurp.phoneController.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.GB } });
    receiver = await startWebhookReceiver();
    media = await startMediaServer();
  });
  after(async () => {
    await receiver?.close();
    await media?.close();
    await server?.close();
  });

  test('the official twilio client sends to a Pigeonhole number; waitForLatestSms receives it; signed callbacks arrive in order', async () => {
    const client = twilioClient(server.url, ACCOUNT, alice.apiKey);
    const held = bob.mailslurp.waitController.waitForLatestSms({ waitForSingleSmsOptions: { phoneNumberId: bobPhone.id, timeout: 20_000 } });
    const callbackUrl = `${receiver.url}/status/one`;
    const message = await client.messages.create({ to: bobPhone.phoneNumber, from: 'MyApp', body: 'Your code is 482913', statusCallback: callbackUrl });
    assert.match(message.sid, /^SM[0-9a-f]{32}$/);
    assert.deepEqual([message.status, message.to, message.from, message.body, message.accountSid, message.numSegments, message.direction],
      ['queued', bobPhone.phoneNumber, 'MyApp', 'Your code is 482913', ACCOUNT, '1', 'outbound-api']);
    assert.ok(message.dateCreated instanceof Date && !Number.isNaN(message.dateCreated.getTime()), 'date_created is an RFC 2822 date the client parses');
    assert.equal(message.price, null);

    const arrived = await held;
    assert.deepEqual([arrived.body, arrived.fromNumber, arrived.toNumber, arrived.phoneNumber, arrived.media], ['Your code is 482913', 'MyApp', bobPhone.phoneNumber, bobPhone.id, []]);

    const callbacks = await receiver.waitFor(3, (r) => r.path === '/status/one');
    const params = callbacks.map((r) => Object.fromEntries(new URLSearchParams(r.body)));
    assert.deepEqual(params.map((p) => p.MessageStatus), ['queued', 'sent', 'delivered']);
    for (const [i, request] of callbacks.entries()) {
      assert.equal(request.headers['content-type'], 'application/x-www-form-urlencoded');
      assert.deepEqual([params[i]!.MessageSid, params[i]!.AccountSid, params[i]!.From, params[i]!.To], [message.sid, ACCOUNT, 'MyApp', bobPhone.phoneNumber]);
      assert.equal(twilio.validateRequest(alice.apiKey, String(request.headers['x-twilio-signature']), callbackUrl, params[i]!), true, 'twilio validates the signature');
      assert.equal(twilio.validateRequest(bob.apiKey, String(request.headers['x-twilio-signature']), callbackUrl, params[i]!), false);
    }

    const fetched = await client.messages(message.sid).fetch();
    assert.deepEqual([fetched.sid, fetched.status, fetched.body, fetched.errorCode], [message.sid, 'delivered', 'Your code is 482913', null]);
    const listed = await client.messages.list({ limit: 20 });
    assert.ok(listed.some((m) => m.sid === message.sid));
    // the account's sent SMS: no number of Alice's sent it (an app's sender id)
    const sent = (await alice.mailslurp.smsController.getSentSmsMessagesPaginated({})).content ?? [];
    const recorded = sent.find((s) => s.body === 'Your code is 482913');
    assert.deepEqual([recorded?.phoneNumber ?? null, recorded?.fromNumber, recorded?.toNumber], [null, 'MyApp', bobPhone.phoneNumber]);
    assert.equal((await alice.mailslurp.smsController.getSentSmsMessage({ sentSmsId: recorded!.id })).sid, message.sid);
  });

  test("From a number of the account is a send from it; to an outside number it is recorded, never dropped", async () => {
    const client = twilioClient(server.url, ACCOUNT, alice.apiKey);
    const message = await client.messages.create({ to: '+1 (206) 555-0123', from: alicePhone.phoneNumber, body: 'outside' });
    assert.equal(message.to, OUTSIDE_NUMBER);
    const sent = await alice.mailslurp.phoneController.getSentSmsByPhoneNumber({ phoneNumberId: alicePhone.id });
    const recorded = (sent.content ?? []).find((s) => s.body === 'outside');
    assert.deepEqual([recorded?.phoneNumber, recorded?.fromNumber, recorded?.toNumber], [alicePhone.id, alicePhone.phoneNumber, OUTSIDE_NUMBER]);
    assert.equal((await client.messages(message.sid).fetch()).status, 'delivered');
  });

  test("a SENDING_SMS ruleset of the sending number refuses the sink message with Twilio's 21610; nothing is recorded or delivered", async () => {
    const rulesets = alice.mailslurp.rulesetController;
    const block = await rulesets.createNewRuleset({
      phoneId: alicePhone.id, createRulesetOptions: { scope: 'SENDING_SMS' as never, action: 'BLOCK' as never, target: bobPhone.phoneNumber },
    });
    try {
      const before = (await bob.mailslurp.phoneController.getSmsByPhoneNumber({ phoneNumberId: bobPhone.id })).totalElements;
      const refused = await post(alice, { To: bobPhone.phoneNumber, From: alicePhone.phoneNumber, Body: 'blocked by rule' });
      assert.equal(refused.status, 400);
      const error = (await refused.json()) as { code: number; message: string };
      assert.equal(error.code, 21610);
      assert.match(error.message, new RegExp(block.id));
      const sent = await alice.mailslurp.phoneController.getSentSmsByPhoneNumber({ phoneNumberId: alicePhone.id });
      assert.ok(!(sent.content ?? []).some((s) => s.body === 'blocked by rule'), 'no sent SMS is recorded');
      assert.equal((await bob.mailslurp.phoneController.getSmsByPhoneNumber({ phoneNumberId: bobPhone.id })).totalElements, before, 'nothing is delivered');
      // an app's own sender id has no number of the account to judge it by: it goes through
      assert.equal((await post(alice, { To: bobPhone.phoneNumber, From: 'AliceApp', Body: 'sender id' })).status, 201);
    } finally {
      await rulesets.deleteRuleset({ id: block.id });
    }
  });

  test('a number configured to fail: failed with 30003, callbacks queued then failed, not delivered', async () => {
    const callbackUrl = `${receiver.url}/status/fail`;
    const response = await post(alice, { To: FAILING_NUMBER, From: alicePhone.phoneNumber, Body: 'never arrives', StatusCallback: callbackUrl });
    assert.equal(response.status, 201);
    const created = (await response.json()) as { sid: string; status: string };
    assert.equal(created.status, 'queued');
    const callbacks = await receiver.waitFor(2, (r) => r.path === '/status/fail');
    const params = callbacks.map((r) => Object.fromEntries(new URLSearchParams(r.body)));
    assert.deepEqual(params.map((p) => [p.MessageStatus, p.ErrorCode]), [['queued', undefined], ['failed', '30003']]);
    assert.equal(twilio.validateRequest(alice.apiKey, String(callbacks[1]!.headers['x-twilio-signature']), callbackUrl, params[1]!), true);
    const fetched = await twilioClient(server.url, ACCOUNT, alice.apiKey).messages(created.sid).fetch();
    assert.deepEqual([fetched.status, fetched.errorCode], ['failed', 30003]);
  });

  test('MediaUrl: fetched and stored with the delivered SMS; SmsDto.media and the nine media operations', async () => {
    const client = twilioClient(server.url, ACCOUNT, alice.apiKey);
    const message = await client.messages.create({ to: bobPhone.phoneNumber, from: alicePhone.phoneNumber, body: 'a picture', mediaUrl: [`${media.url}/pic.png`] });
    assert.equal(message.numMedia, '1');
    const sms = await bob.mailslurp.waitController.waitForSms({ waitForSmsConditions: {
      phoneNumberId: bobPhone.id, count: 1, countType: 'ATLEAST' as never, timeout: 10_000, matches: [{ field: 'BODY' as never, should: 'EQUAL' as never, value: 'a picture' }],
    } });
    const smsId = sms[0]!.id;
    const dto = await bob.mailslurp.smsController.getSmsMessage({ smsId });
    assert.equal(dto.media.length, 1);
    const item = dto.media[0]!;
    assert.deepEqual([item.smsId, item.phoneNumberId, item.contentType, item.attachmentId], [smsId, bobPhone.id, 'image/png', item.id]);

    const sc = bob.mailslurp.smsController;
    const pc = bob.mailslurp.phoneController;
    assert.deepEqual((await sc.getSmsMedia({ smsId })).map((m) => m.id), [item.id]);
    assert.equal((await sc.getSmsMediaById({ mediaId: item.id })).smsId, smsId);
    assert.equal((await pc.getPhoneNumberMediaById({ mediaId: item.id })).id, item.id);
    assert.deepEqual(((await pc.getPhoneNumberMedia({ phoneNumberId: bobPhone.id })).content ?? []).map((m) => m.id), [item.id]);
    assert.deepEqual(((await pc.getPhoneNumberMedia1({})).content ?? []).map((m) => m.id), [item.id]);
    assert.equal((await pc.getPhoneNumberMedia1({ search: 'nothing-like-it' })).totalElements, 0);
    for (const path of [`/sms/media/${item.id}/bytes`, `/phone/media/${item.id}/bytes`]) {
      const bytes = await bob.fetch(path);
      assert.equal(bytes.headers.get('content-type'), 'image/png');
      assert.deepEqual(Buffer.from(await bytes.arrayBuffer()), PNG);
    }
    for (const path of [`/sms/media/${item.id}/base64`, `/phone/media/${item.id}/base64`]) {
      const json = (await (await bob.fetch(path)).json()) as { base64FileContents: string; sizeBytes: number };
      assert.deepEqual([json.base64FileContents, json.sizeBytes], [PNG.toString('base64'), PNG.length]);
    }
    // the client's void download methods succeed
    await sc.downloadSmsMedia({ mediaId: item.id });
    await sc.downloadSmsMediaBase64({ mediaId: item.id });
    await pc.downloadPhoneNumberMedia({ mediaId: item.id });
    await pc.downloadPhoneNumberMediaBase64({ mediaId: item.id });
    // the sender holds no copy of the receiver's media
    assert.equal((await refusal(alice.mailslurp.smsController.getSmsMediaById({ mediaId: item.id }))).status, 404);
  });

  test("Twilio's errors: auth 20003, missing Body 21602, invalid To 21211, unreachable media 21620, another account's Sid 20404", async () => {
    const noAuth = await fetch(`${server.url}/2010-04-01/Accounts/${ACCOUNT}/Messages.json`, { method: 'POST', body: form({ To: bobPhone.phoneNumber, From: 'x', Body: 'y' }) });
    assert.equal(noAuth.status, 401);
    assert.deepEqual(await noAuth.json(), { code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 });
    const mismatch = await fetch(`${server.url}/2010-04-01/Accounts/${ACCOUNT}/Messages.json`, {
      method: 'POST', headers: { authorization: basic(alice, 'AC99999999999999999999999999999999') }, body: form({ To: bobPhone.phoneNumber, From: 'x', Body: 'y' }),
    });
    assert.equal(mismatch.status, 401);
    const wrongKey = await fetch(`${server.url}/2010-04-01/Accounts/${ACCOUNT}/Messages.json`, {
      method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${ACCOUNT}:not-a-key`).toString('base64')}` }, body: form({ To: bobPhone.phoneNumber, From: 'x', Body: 'y' }),
    });
    assert.equal(wrongKey.status, 401);

    const expectError = async (response: Response, status: number, code: number) => {
      assert.equal(response.status, status);
      const body = (await response.json()) as { code: number; status: number; message: string };
      assert.deepEqual([body.code, body.status], [code, status], body.message);
    };
    await expectError(await post(alice, { To: bobPhone.phoneNumber, From: 'MyApp' }), 400, 21602);
    await expectError(await post(alice, { To: '+1 000', From: 'MyApp', Body: 'x' }), 400, 21211);
    await expectError(await post(alice, { From: 'MyApp', Body: 'x' }), 400, 21604);
    await expectError(await post(alice, { To: bobPhone.phoneNumber, Body: 'x' }), 400, 21603);
    await expectError(await post(alice, { To: bobPhone.phoneNumber, From: 'MyApp', Body: 'x', MediaUrl: `${media.url}/missing` }), 400, 21620);

    // the twilio client surfaces the error as a RestException with Twilio's code
    const client = twilioClient(server.url, ACCOUNT, alice.apiKey);
    await assert.rejects(client.messages.create({ to: 'nonsense', from: 'MyApp', body: 'x' }), (err: { code?: number; status?: number }) => err.code === 21211 && err.status === 400);

    // Bob with Alice's account SID and Bob's own key cannot read Alice's message
    const mine = await client.messages.create({ to: OUTSIDE_NUMBER, from: 'MyApp', body: 'private' });
    const asBob = await fetch(`${server.url}/2010-04-01/Accounts/${ACCOUNT}/Messages/${mine.sid}.json`, { headers: { authorization: basic(bob) } });
    await expectError(asBob, 404, 20404);
    assert.ok(!(await twilioClient(server.url, ACCOUNT, bob.apiKey).messages.list({ limit: 50 })).some((m) => m.sid === mine.sid));
  });
});

describeEachDialect('SMS sink: failed logins', (dialect) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(dialect, { env: { PIGEONHOLE_AUTH_FAILURE_LIMIT: '2', PIGEONHOLE_AUTH_LOCKOUT: '60000' } });
  });
  after(() => server?.close());

  test("wrong keys in Basic auth count against the address like wrong x-api-keys: then Twilio's 429 with Retry-After", async () => {
    const tenant = await server.createTenant();
    const attempt = (key: string) => fetch(`${server.url}/2010-04-01/Accounts/${ACCOUNT}/Messages.json`, {
      headers: { authorization: `Basic ${Buffer.from(`${ACCOUNT}:${key}`).toString('base64')}` },
    });
    assert.equal((await attempt(tenant.apiKey)).status, 200);
    assert.equal((await attempt('wrong-1')).status, 401);
    assert.equal((await attempt('wrong-2')).status, 401);
    const locked = await attempt(tenant.apiKey);
    assert.equal(locked.status, 429);
    assert.ok(Number(locked.headers.get('retry-after')) > 0);
    assert.equal(((await locked.json()) as { code: number }).code, 20429);
    // the same count as the API: x-api-key is locked out too
    assert.equal((await tenant.fetch('/user/info')).status, 429);
  });
});
