import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  CreatePhoneNumberOptionsPhoneCountryEnum as Country, SmsMatchOptionFieldEnum as Field, SmsMatchOptionShouldEnum as Should,
  WaitForSmsConditionsCountTypeEnum as CountType, type PhoneNumberDto,
} from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { refusal } from '../helpers/client-errors.js';
import { openEventStream } from '../helpers/event-stream.js';

describeEachDialect('SMS received by phone numbers', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let phone: PhoneNumberDto;
  let other: PhoneNumberDto;

  before(async () => {
    server = await startTestServer(dialect);
    alice = await server.createTenant();
    phone = await alice.mailslurp.phoneController.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.US } });
    other = await alice.mailslurp.phoneController.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.GB } });
  });
  after(() => server?.close());

  test('testPhoneNumberSendSms delivers to the number: stored, streamed on /events, listed', async () => {
    const events = await openEventStream(server, alice);
    try {
      const raw = await alice.mailslurp.phoneController.testPhoneNumberSendSmsRaw({ phoneNumberId: phone.id, testPhoneNumberOptions: { message: 'Your code is 482913' } });
      assert.equal(raw.raw.status, 204);
      const event = (await events.next('sms.received')).data as { phoneId: string; smsId: string; fromNumber: string };
      assert.equal(event.phoneId, phone.id);
      const sms = alice.mailslurp.smsController;
      const page = await sms.getAllSmsMessages({});
      assert.equal(page.totalElements, 1);
      const listed = page.content![0]!;
      assert.deepEqual([listed.id, listed.body, listed.phoneNumber, listed.read, listed.fromNumber, listed.userId], [event.smsId, 'Your code is 482913', phone.id, false, event.fromNumber, alice.userId]);
      assert.equal((await sms.getUnreadSmsCount()).count, 1);
      const opened = await sms.getSmsMessage({ smsId: listed.id });
      assert.deepEqual([opened.toNumber, opened.read, opened.favourite, opened.media], [phone.phoneNumber, true, false, []]);
      assert.equal((await sms.getUnreadSmsCount()).count, 0);
      const codes = await sms.getSmsCodes({ smsId: listed.id });
      assert.deepEqual([codes.found, codes.code, codes.candidates![0]!.source], [true, '482913', 'SMS_BODY']);
      const custom = await sms.getSmsCodes({ smsId: listed.id, extractCodesOptions: { customPatterns: ['code is (\\d{3})'] } });
      assert.equal(custom.code, '482');
      assert.equal((await refusal(sms.getSmsCodes({ smsId: randomUUID() }))).status, 404);
    } finally {
      await events.close();
    }
  });

  test('read marks, favourites, filters, per-number lists, deletes', async () => {
    const sms = alice.mailslurp.smsController;
    await alice.mailslurp.phoneController.testPhoneNumberSendSms({ phoneNumberId: other.id, testPhoneNumberOptions: { message: 'hello from the UK test' } });
    assert.equal((await sms.getSmsCount()).totalElements, 2);
    const ofOther = await alice.mailslurp.phoneController.getSmsByPhoneNumber({ phoneNumberId: other.id });
    assert.deepEqual(ofOther.content!.map((m) => m.body), ['hello from the UK test']);
    const unreadOfPhone = await alice.mailslurp.phoneController.getSmsByPhoneNumber({ phoneNumberId: phone.id, unreadOnly: true });
    assert.equal(unreadOfPhone.totalElements, 0);
    assert.equal((await refusal(alice.mailslurp.phoneController.getSmsByPhoneNumber({ phoneNumberId: randomUUID() }))).status, 404);
    const id = ofOther.content![0]!.id;

    assert.equal((await sms.markSmsAsRead({ smsId: id })).read, true);
    assert.equal((await sms.markSmsAsRead({ smsId: id, read: false })).read, false);
    await sms.markAllSmsAsRead({ phoneNumberId: other.id });
    assert.equal((await sms.getUnreadSmsCount()).count, 0);
    await sms.markAllSmsAsRead({ read: false });
    assert.equal((await sms.getUnreadSmsCount()).count, 2);

    assert.equal((await sms.setSmsFavourited({ smsId: id, favourited: true })).favourite, true);
    assert.deepEqual((await sms.getAllSmsMessages({ favourite: true })).content!.map((m) => m.id), [id]);
    assert.deepEqual((await sms.getAllSmsMessages({ search: 'uk test' })).content!.map((m) => m.id), [id]);
    assert.deepEqual((await sms.getAllSmsMessages({ phoneNumber: other.id })).content!.map((m) => m.id), [id]);
    assert.deepEqual((await sms.getAllSmsMessages({ include: [id] })).content!.map((m) => m.id), [id]);

    await sms.deleteSmsMessage({ smsId: id });
    assert.equal((await refusal(sms.getSmsMessage({ smsId: id }))).status, 404);
    assert.equal((await refusal(sms.deleteSmsMessage({ smsId: id }))).status, 404);
    await sms.deleteSmsMessages({ phoneNumberId: other.id });
    assert.equal((await sms.getSmsCount()).totalElements, 1);
    await sms.deleteSmsMessages({});
    assert.equal((await sms.getSmsCount()).totalElements, 0);
  });

  test('waitForLatestSms is held until an SMS arrives, answers at once when one is there, 408 at the timeout', async () => {
    const wait = alice.mailslurp.waitController;
    const since = new Date();
    const held = wait.waitForLatestSms({ waitForSingleSmsOptions: { phoneNumberId: phone.id, timeout: 20_000, since, unreadOnly: true } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await alice.mailslurp.phoneController.testPhoneNumberSendSms({ phoneNumberId: phone.id, testPhoneNumberOptions: { message: 'woken 7731' } });
    const arrived = await held;
    assert.deepEqual([arrived.body, arrived.phoneNumber, arrived.read], ['woken 7731', phone.id, true]);
    const again = await wait.waitForLatestSms({ waitForSingleSmsOptions: { phoneNumberId: phone.id, timeout: 1000 } });
    assert.equal(again.id, arrived.id);
    const started = Date.now();
    const timedOut = await refusal(wait.waitForLatestSms({ waitForSingleSmsOptions: { phoneNumberId: phone.id, timeout: 300, unreadOnly: true } }));
    assert.equal(timedOut.status, 408);
    assert.ok(Date.now() - started >= 250);
    assert.equal((await refusal(wait.waitForLatestSms({ waitForSingleSmsOptions: { phoneNumberId: randomUUID(), timeout: 100 } }))).status, 404);
  });

  test('waitForSms holds until count SMS pass the matches (EXACTLY or ATLEAST), 408 otherwise', async () => {
    const wait = alice.mailslurp.waitController;
    const own = await alice.mailslurp.phoneController.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.US } });
    const send = (message: string) => alice.mailslurp.phoneController.testPhoneNumberSendSms({ phoneNumberId: own.id, testPhoneNumberOptions: { message } });
    const held = wait.waitForSms({ waitForSmsConditions: {
      phoneNumberId: own.id, count: 2, timeout: 20_000, matches: [{ field: Field.BODY, should: Should.CONTAIN, value: 'code' }],
    } });
    await send('your code 1111');
    await send('unrelated');
    await send('another code 2222');
    const found = await held;
    assert.deepEqual(found.map((m) => m.body), ['your code 1111', 'another code 2222']);
    assert.ok(found.every((m) => m.phoneNumber === own.id && m.userId === alice.userId && m.read === false));

    const regex = await wait.waitForSms({ waitForSmsConditions: {
      phoneNumberId: own.id, count: 1, countType: CountType.ATLEAST, timeout: 1000, limit: 1,
      matches: [{ field: Field.BODY, should: Should.MATCH, value: '\\d{4}$' }, { field: Field.FROM, should: Should.EQUAL, value: found[0]!.fromNumber }],
    } });
    assert.deepEqual(regex.map((m) => m.body), ['your code 1111']);
    const tooMany = await refusal(wait.waitForSms({ waitForSmsConditions: { phoneNumberId: own.id, count: 2, timeout: 200 } }));
    assert.equal(tooMany.status, 408);
    assert.match(tooMany.message, /3 matching SMS, not exactly 2/);
    assert.equal((await refusal(wait.waitForSms({ waitForSmsConditions: { phoneNumberId: randomUUID(), count: 1, timeout: 100 } }))).status, 404);
  });

  test("an SMS to another user's number, or a missing one, is a 404; deleting a number deletes its SMS", async () => {
    const bob = await server.createTenant();
    const status = (await refusal(bob.mailslurp.phoneController.testPhoneNumberSendSms({ phoneNumberId: phone.id, testPhoneNumberOptions: { message: 'x' } }))).status;
    assert.equal(status, 404);
    const before = (await alice.mailslurp.smsController.getSmsCount()).totalElements;
    await alice.mailslurp.phoneController.testPhoneNumberSendSms({ phoneNumberId: other.id, testPhoneNumberOptions: { message: 'gone soon' } });
    await alice.mailslurp.phoneController.deletePhoneNumber({ phoneNumberId: other.id });
    assert.equal((await alice.mailslurp.smsController.getSmsCount()).totalElements, before);
  });
});
