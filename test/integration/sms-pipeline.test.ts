import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  CreatePhoneNumberOptionsPhoneCountryEnum as Country, CreateRulesetOptionsActionEnum as Action, CreateRulesetOptionsScopeEnum as Scope,
  CreateWebhookOptionsEventNameEnum as Event, SmsMatchOptionFieldEnum as Field, SmsMatchOptionShouldEnum as Should,
  WebhookNewSmsPayloadFromJSON, type PhoneNumberDto,
} from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { refusal } from '../helpers/client-errors.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

/** The sender testPhoneNumberSendSms uses (src/modules/sms/sms.service.ts TEST_SENDER). */
const TEST_SENDER = '+12125550100';
/** A valid number outside the carrier: a send to it is recorded only. */
const OUTSIDE_GB = '+447911123456';

const createPhone = (t: Tenant, country = Country.US) =>
  t.mailslurp.phoneController.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: country } });
const testSms = (t: Tenant, phone: PhoneNumberDto, message: string) =>
  t.mailslurp.phoneController.testPhoneNumberSendSms({ phoneNumberId: phone.id, testPhoneNumberOptions: { message } });

describeEachDialect('the inbound SMS pipeline: NEW_SMS webhooks, SMS rulesets', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let bob: Tenant;
  let hook: WebhookReceiver;

  before(async () => {
    hook = await startWebhookReceiver();
    server = await startTestServer(dialect, {
      // receivers on loopback; a short retry schedule (20 ms, 40 ms, ...)
      env: { PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE: 'false', PIGEONHOLE_WEBHOOK_RETRY_BASE: '20', PIGEONHOLE_WEBHOOK_RETRY_WINDOW: '5000' },
    });
    alice = await server.createTenant();
    bob = await server.createTenant();
  });
  after(async () => {
    await server?.close();
    await hook?.close();
  });

  test("NEW_SMS: a number's webhook hears that number's SMS, an account webhook every SMS, signed, retried, in the client's payload model", async () => {
    const webhooks = alice.mailslurp.webhookController;
    const [phoneA, phoneB, bobPhone] = await Promise.all([createPhone(alice), createPhone(alice, Country.GB), createPhone(bob)]);
    const onA = await webhooks.createWebhookForPhoneNumber({ phoneNumberId: phoneA.id, createWebhookOptions: { url: `${hook.url}/a`, name: 'A' } });
    assert.deepEqual([onA.phoneId, onA.inboxId ?? null, onA.eventName], [phoneA.id, null, Event.NEW_SMS], 'NEW_SMS is a phone webhook\'s default');
    const onB = await webhooks.createWebhookForPhoneNumber({ phoneNumberId: phoneB.id, createWebhookOptions: { url: `${hook.url}/b`, eventName: Event.NEW_SMS } });
    const account = await webhooks.createAccountWebhook({ createWebhookOptions: { url: `${hook.url}/account`, eventName: Event.NEW_SMS } });
    // an email event never fires on a number; another tenant's number is unknown
    const wrongEvent = await refusal(webhooks.createWebhookForPhoneNumber({ phoneNumberId: phoneA.id, createWebhookOptions: { url: hook.url, eventName: Event.EMAIL_RECEIVED } }));
    assert.equal(wrongEvent.status, 400);
    assert.match(wrongEvent.message, /NEW_SMS/);
    assert.equal((await refusal(bob.mailslurp.webhookController.createWebhookForPhoneNumber({ phoneNumberId: phoneA.id, createWebhookOptions: { url: hook.url } }))).status, 404);

    // the first attempt at the account webhook fails: it is retried with the same message
    let accountCalls = 0;
    hook.respond = (r) => (r.path === '/account' && ++accountCalls === 1 ? 500 : 200);
    await testSms(alice, phoneA, 'Your code is 551234');
    const [toA] = await hook.waitFor(1, (r) => r.path === '/a');
    const [firstTry, retry] = await hook.waitFor(2, (r) => r.path === '/account');
    assert.equal(retry!.body, firstTry!.body, 'the stored payload is sent again');
    const stored = (await alice.mailslurp.smsController.getAllSmsMessages({})).content!.find((m) => m.body === 'Your code is 551234')!;
    const payload = WebhookNewSmsPayloadFromJSON(toA!.json);
    assert.deepEqual(toA!.json, {
      messageId: toA!.json.messageId, webhookId: onA.id, webhookName: 'A', eventName: 'NEW_SMS',
      smsId: stored.id, userId: alice.userId, phoneNumber: phoneA.id, toNumber: phoneA.phoneNumber, fromNumber: TEST_SENDER,
      body: 'Your code is 551234', read: false, media: [],
    });
    assert.equal(payload.smsId, stored.id);
    assert.equal(toA!.headers['x-event'] ?? 'NEW_SMS', 'NEW_SMS');
    const signature = toA!.headers['x-signature'] as string;
    assert.equal((await webhooks.verifyWebhookSignature({ verifyWebhookSignatureOptions: { messageId: payload.messageId, signature } })).isValid, true);
    assert.equal(retry!.json.webhookId, account.id);
    // the results name the number and the SMS, and filter by them
    const [resultOfA] = await webhooks.waitForWebhookResults({ webhookId: onA.id, expectedCount: 1, timeout: 10_000 });
    assert.deepEqual([resultOfA!.phoneId, resultOfA!.smsId, resultOfA!.webhookEvent], [phoneA.id, stored.id, 'NEW_SMS']);
    const bySms = await webhooks.getAllWebhookResults({ smsId: stored.id });
    assert.ok(bySms.content!.length >= 1 && bySms.content!.every((r) => r.smsId === stored.id));
    assert.equal((await webhooks.getAllWebhookResults({ phoneId: phoneB.id })).totalElements, 0, "nothing was sent for B's number yet");

    // bob's number sends to alice's B: B's webhook and the account webhook hear it, A's does not
    await bob.mailslurp.smsController.sendSms({ fromPhoneId: bobPhone.id, smsSendOptions: { to: phoneB.phoneNumber, body: 'hello B' } });
    const [toB] = await hook.waitFor(1, (r) => r.path === '/b');
    await hook.waitFor(3, (r) => r.path === '/account');
    assert.deepEqual([toB!.json.webhookId, toB!.json.fromNumber, toB!.json.toNumber, toB!.json.phoneNumber], [onB.id, bobPhone.phoneNumber, phoneB.phoneNumber, phoneB.id]);
    assert.equal(hook.requests.filter((r) => r.path === '/a').length, 1, "A's webhook heard A's SMS only");
    assert.equal(hook.requests.filter((r) => r.path === '/b').length, 1, "B's webhook heard B's SMS only");

    // the example payload is built by the same function
    const example = await webhooks.getTestWebhookPayloadNewSms();
    assert.deepEqual(Object.keys(example).sort(), Object.keys(toA!.json).sort());

    // listing a number's webhooks
    const listed = await webhooks.getPhoneNumberWebhooksPaginated({ phoneId: phoneA.id });
    assert.deepEqual(listed.content!.map((w) => w.id), [onA.id]);
    assert.equal(listed.content![0]!.phoneNumberId, phoneA.id);
    const withAccount = await webhooks.getPhoneNumberWebhooksPaginated({ phoneId: phoneA.id, includeAccountWide: true } as never);
    assert.ok(withAccount.totalElements >= 1);
    assert.equal((await refusal(bob.mailslurp.webhookController.getPhoneNumberWebhooksPaginated({ phoneId: phoneA.id }))).status, 404);
    assert.equal((await refusal(webhooks.getPhoneNumberWebhooksPaginated({ phoneId: randomUUID() }))).status, 404);
    // updateWebhook's phoneNumberId moves a webhook to another of the caller's numbers
    const moved = await webhooks.updateWebhook({ webhookId: onB.id, phoneNumberId: phoneA.id, createWebhookOptions: { url: `${hook.url}/b`, eventName: Event.NEW_SMS } });
    assert.deepEqual([moved.phoneId, moved.inboxId ?? null], [phoneA.id, null]);
    const bobHook = await bob.mailslurp.webhookController.createWebhookForPhoneNumber({ phoneNumberId: bobPhone.id, createWebhookOptions: { url: hook.url } });
    const stolen = await refusal(bob.mailslurp.webhookController.updateWebhook({ webhookId: bobHook.id, phoneNumberId: phoneA.id, createWebhookOptions: { url: hook.url } }));
    assert.equal(stolen.status, 404);
    await bob.mailslurp.webhookController.deleteWebhookById({ webhookId: bobHook.id });
    for (const w of [onA, onB, account]) await webhooks.deleteWebhookById({ webhookId: w.id });
    hook.respond = () => 200;
  });

  test('RECEIVING_SMS BLOCK on a number keeps the SMS out (nothing stored, no webhook); ALLOW beats it; the account\'s rules reach every number', async () => {
    const rulesets = alice.mailslurp.rulesetController;
    const [phone, other] = await Promise.all([createPhone(alice), createPhone(alice)]);
    const block = await rulesets.createNewRuleset({ phoneId: phone.id, createRulesetOptions: { scope: Scope.RECEIVING_SMS, action: Action.BLOCK, target: '+1 212 555 *' } });
    assert.deepEqual([block.phoneId, block.inboxId ?? null, block.target, block.scope], [phone.id, null, '+1212555*', Scope.RECEIVING_SMS]);
    const hooked = await alice.mailslurp.webhookController.createWebhookForPhoneNumber({ phoneNumberId: phone.id, createWebhookOptions: { url: `${hook.url}/blocked` } });

    await testSms(alice, phone, 'blocked text');
    await testSms(alice, other, 'other number text');
    const ofPhone = await alice.mailslurp.phoneController.getSmsByPhoneNumber({ phoneNumberId: phone.id });
    assert.equal(ofPhone.totalElements, 0, 'the blocked SMS was not stored');
    const ofOther = await alice.mailslurp.phoneController.getSmsByPhoneNumber({ phoneNumberId: other.id });
    assert.deepEqual(ofOther.content!.map((m) => m.body), ['other number text'], "a number's rules act on that number only");

    assert.equal((await rulesets.testRulesetReceiving({ testRulesetReceivingOptions: { phoneId: phone.id, fromSender: TEST_SENDER } })).canReceive, false);
    assert.equal((await rulesets.testRulesetReceiving({ testRulesetReceivingOptions: { phoneId: other.id, fromSender: TEST_SENDER } })).canReceive, true);
    assert.equal((await rulesets.testRuleset({ id: block.id, rulesetTestOptions: { testTarget: '+1-212-555-0199' } })).matches, true);
    const allow = await rulesets.createNewRuleset({ phoneId: phone.id, createRulesetOptions: { scope: Scope.RECEIVING_SMS, action: Action.ALLOW, target: TEST_SENDER } });
    await testSms(alice, phone, 'allowed text');
    const [heard] = await hook.waitFor(1, (r) => r.path === '/blocked');
    assert.equal(heard!.json.body, 'allowed text', 'only the stored SMS fired NEW_SMS');

    const listed = await rulesets.getRulesets({ phoneId: phone.id });
    assert.deepEqual(listed.content!.map((r) => r.id).sort(), [block.id, allow.id].sort());
    assert.equal((await refusal(bob.mailslurp.rulesetController.getRulesets({ phoneId: phone.id }))).status, 404);
    assert.equal((await refusal(bob.mailslurp.rulesetController.createNewRuleset({ phoneId: phone.id, createRulesetOptions: { scope: Scope.RECEIVING_SMS, action: Action.BLOCK, target: '*' } }))).status, 404);
    const inbox = await alice.mailslurp.createInbox();
    const onInbox = await refusal(rulesets.createNewRuleset({ inboxId: inbox.id, createRulesetOptions: { scope: Scope.RECEIVING_SMS, action: Action.BLOCK, target: '*' } }));
    assert.equal(onInbox.status, 400);
    const notANumber = await refusal(rulesets.createNewRuleset({ createRulesetOptions: { scope: Scope.SENDING_SMS, action: Action.BLOCK, target: '*@example.com' } }));
    assert.equal(notANumber.status, 400);
    assert.match(notANumber.message, /E\.164/);

    // an account rule (no phone, no inbox) reaches every number
    const accountBlock = await rulesets.createNewRuleset({ createRulesetOptions: { scope: Scope.RECEIVING_SMS, action: Action.BLOCK, target: TEST_SENDER } });
    await testSms(alice, other, 'now blocked too');
    assert.equal((await alice.mailslurp.phoneController.getSmsByPhoneNumber({ phoneNumberId: other.id })).totalElements, 1);
    assert.equal(await rulesets.deleteRulesets({ phoneId: phone.id }).then(() => true), true);
    assert.equal((await rulesets.getRulesets({ phoneId: phone.id })).totalElements, 0);
    await rulesets.deleteRuleset({ id: accountBlock.id });
    await alice.mailslurp.webhookController.deleteWebhookById({ webhookId: hooked.id });
  });

  test('SENDING_SMS BLOCK refuses the send with a 400 naming the ruleset, nothing stored; FILTER_REMOVE too; the test op agrees', async () => {
    const rulesets = alice.mailslurp.rulesetController;
    const sms = alice.mailslurp.smsController;
    const [phone, target] = await Promise.all([createPhone(alice), createPhone(bob)]);
    const block = await rulesets.createNewRuleset({ phoneId: phone.id, createRulesetOptions: { scope: Scope.SENDING_SMS, action: Action.BLOCK, target: '+44*' } });
    const sentBefore = (await sms.getSentSmsCount()).totalElements;
    const refused = await refusal(sms.sendSms({ fromPhoneId: phone.id, smsSendOptions: { to: OUTSIDE_GB, body: 'nope' } }));
    assert.equal(refused.status, 400);
    assert.match(refused.message, new RegExp(block.id));
    assert.equal((await sms.getSentSmsCount()).totalElements, sentBefore, 'nothing was stored');
    assert.equal((await rulesets.testRulesetSending({ testInboxRulesetSendingOptions: { phoneId: phone.id, recipient: OUTSIDE_GB } })).canSend, false);

    const filter = await rulesets.createNewRuleset({ phoneId: phone.id, createRulesetOptions: { scope: Scope.SENDING_SMS, action: Action.FILTER_REMOVE, target: target.phoneNumber } });
    const filtered = await refusal(sms.sendSms({ fromPhoneId: phone.id, smsSendOptions: { to: target.phoneNumber, body: 'filtered' } }));
    assert.equal(filtered.status, 400);
    assert.match(filtered.message, new RegExp(filter.id));
    assert.equal((await bob.mailslurp.phoneController.getSmsByPhoneNumber({ phoneNumberId: target.id })).totalElements, 0, 'not delivered either');
    const testNew = await rulesets.testNewRuleset({ testNewInboxRulesetOptions: {
      createRulesetOptions: { scope: Scope.SENDING_SMS, action: Action.BLOCK, target: '*3456' }, inboxRulesetTestOptions: { testTarget: OUTSIDE_GB },
    } });
    assert.equal(testNew.matches, true);

    await rulesets.deleteRuleset({ id: block.id });
    const sent = await sms.sendSms({ fromPhoneId: phone.id, smsSendOptions: { to: OUTSIDE_GB, body: 'allowed now' } });
    assert.equal(sent.toNumber, OUTSIDE_GB);
    await rulesets.deleteRuleset({ id: filter.id });
  });
});

describeEachDialect('missed SMS at the tenant SMS cap (PIGEONHOLE_TENANT_SMS_CAP)', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let bob: Tenant;
  const CAP = 2;

  before(async () => {
    server = await startTestServer(dialect, { env: { PIGEONHOLE_TENANT_SMS_CAP: String(CAP) } });
    alice = await server.createTenant();
    bob = await server.createTenant();
  });
  after(() => server?.close());

  test('SMS beyond the cap are recorded as missed, not stored; listed, counted, read, filtered; per tenant', async () => {
    const phone = await createPhone(alice);
    await testSms(alice, phone, 'one');
    await testSms(alice, phone, 'two');
    await testSms(alice, phone, 'three: code 777888');
    const bobPhone = await createPhone(bob);
    await bob.mailslurp.smsController.sendSms({ fromPhoneId: bobPhone.id, smsSendOptions: { to: phone.phoneNumber, body: 'four from bob' } });

    const smsPage = await alice.mailslurp.smsController.getAllSmsMessages({});
    assert.deepEqual(smsPage.content!.map((m) => m.body).sort(), ['one', 'two']);
    const missedApi = alice.mailslurp.missedSmsController;
    assert.equal((await missedApi.getMissedSmsCount()).totalElements, 2);
    const page = await missedApi.getAllMissedSmsMessages({ sort: 'ASC' as never });
    assert.equal(page.totalElements, 2);
    const [first, second] = page.content!;
    assert.deepEqual([first!.phoneNumber, first!.fromNumber, first!.userId], [phone.id, TEST_SENDER, alice.userId]);
    assert.equal(second!.fromNumber, bobPhone.phoneNumber);
    assert.match(first!.sid, /^SM[0-9a-f]{32}$/);
    const full = await missedApi.getMissedSmsMessage({ missedSmsId: first!.id });
    assert.deepEqual([full.body, full.toNumber, full.phoneNumber, full.sid], ['three: code 777888', phone.phoneNumber, phone.id, first!.sid]);
    assert.ok(full.createdAt instanceof Date);

    assert.equal((await missedApi.getAllMissedSmsMessages({ search: '777888' })).totalElements, 1);
    assert.equal((await missedApi.getAllMissedSmsMessages({ phoneNumber: phone.id })).totalElements, 2);
    assert.equal((await missedApi.getAllMissedSmsMessages({ phoneNumber: phone.phoneNumber })).totalElements, 2);
    assert.equal((await missedApi.getAllMissedSmsMessages({ phoneNumber: '+15005550000' })).totalElements, 0);
    assert.equal((await missedApi.getAllMissedSmsMessages({ before: new Date(full.createdAt.getTime()) })).totalElements, 0);

    // the wait answers the newest stored SMS, not a missed one
    const latest = await alice.mailslurp.waitController.waitForLatestSms({ waitForSingleSmsOptions: { phoneNumberId: phone.id, timeout: 1000 } });
    assert.equal(latest.body, 'two');

    // bob sees none of it
    assert.equal((await bob.mailslurp.missedSmsController.getMissedSmsCount()).totalElements, 0);
    assert.equal((await bob.mailslurp.missedSmsController.getAllMissedSmsMessages({})).totalElements, 0);
    assert.equal((await refusal(bob.mailslurp.missedSmsController.getMissedSmsMessage({ missedSmsId: first!.id }))).status, 404);
    assert.equal((await refusal(bob.mailslurp.missedSmsController.getAllMissedSmsMessages({ phoneNumber: phone.id }))).status, 404);

    // deleting stored SMS makes room again
    await alice.mailslurp.smsController.deleteSmsMessages({});
    await testSms(alice, phone, 'five');
    assert.equal((await alice.mailslurp.smsController.getAllSmsMessages({})).totalElements, 1);
    assert.equal((await missedApi.getMissedSmsCount()).totalElements, 2);
  });
});

describeEachDialect('GraphQL SMS waits', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let bob: Tenant;
  before(async () => {
    server = await startTestServer(dialect);
    alice = await server.createTenant();
    bob = await server.createTenant();
  });
  after(() => server?.close());

  const gql = async (t: Tenant, query: string, variables?: Record<string, unknown>) => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': t.apiKey }, body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { data?: Record<string, any> | null; errors?: Array<{ message: string; extensions?: { code?: string } }> };
  };

  const LATEST = `query Latest($id: ID!, $timeout: Int) {
    waitForLatestSms(phoneNumberId: $id, timeout: $timeout) { id userId phoneNumber fromNumber toNumber body read createdAt }
  }`;
  const MATCHING = `query Matching($id: ID!, $count: Int!, $countType: SmsCountType, $matches: [SmsMatchOption!], $timeout: Int) {
    waitForSms(phoneNumberId: $id, count: $count, countType: $countType, matches: $matches, timeout: $timeout) { id body fromNumber read }
  }`;

  test('waitForLatestSms is held until the SMS arrives and answers it as REST does (read)', async () => {
    const phone = await createPhone(alice);
    const held = gql(alice, LATEST, { id: phone.id, timeout: 20_000 });
    // the wait answers whichever comes first: an SMS already there or the one arriving
    await testSms(alice, phone, 'graph code 123987');
    const answer = await held;
    assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
    const got = answer.data!.waitForLatestSms;
    assert.deepEqual([got.body, got.phoneNumber, got.toNumber, got.fromNumber, got.userId, got.read], ['graph code 123987', phone.id, phone.phoneNumber, TEST_SENDER, alice.userId, true]);
    const rest = await alice.mailslurp.smsController.getSmsMessage({ smsId: got.id });
    assert.equal(rest.createdAt.toISOString(), got.createdAt);
  });

  test('waitForSms: matches and count like REST; TIMEOUT, NOT_FOUND for another tenant\'s number, BAD_USER_INPUT for a bad count', async () => {
    const phone = await createPhone(alice);
    const held = gql(alice, MATCHING, { id: phone.id, count: 2, countType: 'ATLEAST', matches: [{ field: Field.BODY, should: Should.CONTAIN, value: 'order' }], timeout: 20_000 });
    await testSms(alice, phone, 'order 1 shipped');
    await testSms(alice, phone, 'unrelated');
    await testSms(alice, phone, 'order 2 shipped');
    const answer = await held;
    assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
    assert.deepEqual(answer.data!.waitForSms.map((m: { body: string }) => m.body), ['order 1 shipped', 'order 2 shipped']);

    const regex = await gql(alice, MATCHING, { id: phone.id, count: 1, matches: [{ field: 'BODY', should: 'MATCH', value: '^unrel' }], timeout: 0 });
    assert.deepEqual(regex.data!.waitForSms.map((m: { body: string }) => m.body), ['unrelated']);
    const timeout = await gql(alice, MATCHING, { id: phone.id, count: 5, timeout: 0 });
    assert.equal(timeout.errors?.[0]?.extensions?.code, 'TIMEOUT');
    const latestTimeout = await gql(alice, LATEST, { id: (await createPhone(alice)).id, timeout: 0 });
    assert.equal(latestTimeout.errors?.[0]?.extensions?.code, 'TIMEOUT');
    const foreign = await gql(bob, LATEST, { id: phone.id, timeout: 0 });
    assert.equal(foreign.errors?.[0]?.extensions?.code, 'NOT_FOUND');
    const badCount = await gql(alice, MATCHING, { id: phone.id, count: 0, timeout: 0 });
    assert.equal(badCount.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT');
    assert.match(badCount.errors![0]!.message, /count/);
    const badId = await gql(alice, LATEST, { id: 'not-a-uuid', timeout: 0 });
    assert.equal(badId.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT');
  });
});
