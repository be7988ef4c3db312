import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { CreatePhoneNumberOptionsPhoneCountryEnum as Country, type PhoneNumberDto } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { refusal } from '../helpers/client-errors.js';

/**
 * A number outside the carrier that libphonenumber-js calls valid: recorded as sent, never
 * delivered. It is in none of the default ranges (core/phone-ranges.ts), so no phone of the test
 * can be given it (one in the 202 range was, one run in four hundred).
 */
const OUTSIDE_NUMBER = '+12065550123';

describeEachDialect('SMS sent from phone numbers', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let bob: Tenant;
  let alicePhone: PhoneNumberDto;
  let bobPhone: PhoneNumberDto;

  before(async () => {
    server = await startTestServer(dialect);
    alice = await server.createTenant();
    bob = await server.createTenant();
    alicePhone = await alice.mailslurp.phoneController.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.US } });
    bobPhone = await bob.mailslurp.phoneController.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: Country.GB } });
  });
  after(() => server?.close());

  test("a send to another account's number arrives there, wakes waitForLatestSms, and the reply goes back", async () => {
    const held = bob.mailslurp.waitController.waitForLatestSms({ waitForSingleSmsOptions: { phoneNumberId: bobPhone.id, timeout: 20_000 } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = await alice.mailslurp.phoneController.sendSmsFromPhoneNumber({
      phoneNumberId: alicePhone.id, smsSendOptions: { to: bobPhone.phoneNumber, body: 'Your code is 551234' },
    });
    assert.deepEqual([sent.userId, sent.phoneNumber, sent.fromNumber, sent.toNumber, sent.body, sent.replyToId ?? null], [alice.userId, alicePhone.id, alicePhone.phoneNumber, bobPhone.phoneNumber, 'Your code is 551234', null]);
    assert.match(sent.sid, /^SM[0-9a-f]{32}$/);
    const arrived = await held;
    assert.deepEqual([arrived.body, arrived.fromNumber, arrived.toNumber, arrived.phoneNumber, arrived.userId], ['Your code is 551234', alicePhone.phoneNumber, bobPhone.phoneNumber, bobPhone.id, bob.userId]);

    assert.equal((await refusal(bob.mailslurp.smsController.getReplyForSmsMessage({ smsId: arrived.id }))).status, 404);
    const reply = await bob.mailslurp.smsController.replyToSmsMessage({ smsId: arrived.id, smsReplyOptions: { body: 'thanks' } });
    assert.deepEqual([reply.fromNumber, reply.toNumber, reply.replyToId, reply.phoneNumber], [bobPhone.phoneNumber, alicePhone.phoneNumber, arrived.id, bobPhone.id]);
    assert.equal((await bob.mailslurp.smsController.getReplyForSmsMessage({ smsId: arrived.id })).reply?.id, reply.id);
    const back = await alice.mailslurp.waitController.waitForLatestSms({ waitForSingleSmsOptions: { phoneNumberId: alicePhone.id, timeout: 5000 } });
    assert.deepEqual([back.body, back.fromNumber], ['thanks', bobPhone.phoneNumber]);
    // Alice's send is no received SMS of hers, and Bob's received SMS is no sent one of his
    assert.equal((await alice.mailslurp.smsController.getSentSmsCount()).totalElements, 1);
    assert.equal((await bob.mailslurp.smsController.getSentSmsCount()).totalElements, 1);
  });

  test('a send to an outside number is recorded as sent; listing, filters, reading and deleting sent SMS', async () => {
    const sms = alice.mailslurp.smsController;
    const outside = await sms.sendSms({ fromPhoneId: alicePhone.id, smsSendOptions: { to: '+1 (206) 555-0123', body: 'to the outside' } });
    assert.equal(outside.toNumber, OUTSIDE_NUMBER);
    const byNumber = await sms.sendSms({ fromPhoneNumber: alicePhone.phoneNumber, smsSendOptions: { to: OUTSIDE_NUMBER, body: 'second' } });
    assert.equal(byNumber.phoneNumber, alicePhone.id);
    const byDefault = await sms.sendSms({ smsSendOptions: { to: OUTSIDE_NUMBER, body: 'third' } });
    assert.equal(byDefault.fromNumber, alicePhone.phoneNumber);
    assert.equal((await sms.getSentSmsCount()).totalElements, 4);
    assert.equal((await sms.getSmsCount()).totalElements, 1, 'nothing sent outside came back as received');

    const page = await sms.getSentSmsMessagesPaginated({ sort: 'DESC' as never, size: 2 });
    assert.deepEqual([page.totalElements, page.content!.map((m) => m.body)], [4, ['third', 'second']]);
    const searched = await sms.getSentSmsMessagesPaginated({ search: 'OUTSIDE' });
    assert.deepEqual(searched.content!.map((m) => [m.id, m.toNumber, m.fromNumber]), [[outside.id, OUTSIDE_NUMBER, alicePhone.phoneNumber]]);
    const ofPhone = await alice.mailslurp.phoneController.getSentSmsByPhoneNumber({ phoneNumberId: alicePhone.id });
    assert.equal(ofPhone.totalElements, 4);
    assert.equal((await sms.getSentSmsMessagesPaginated({ phoneNumber: randomUUID() })).totalElements, 0);
    assert.equal((await sms.getSentSmsMessage({ sentSmsId: outside.id })).body, 'to the outside');

    await sms.deleteSentSmsMessage({ sentSmsId: outside.id });
    assert.equal((await refusal(sms.getSentSmsMessage({ sentSmsId: outside.id }))).status, 404);
    assert.equal((await refusal(sms.deleteSentSmsMessage({ sentSmsId: outside.id }))).status, 404);
    await sms.deleteSentSmsMessages({ phoneNumberId: alicePhone.id });
    assert.equal((await sms.getSentSmsCount()).totalElements, 0);
    assert.equal((await bob.mailslurp.smsController.getSmsCount()).totalElements, 1, "deleting sends leaves what they delivered");
  });

  test('bad numbers and unknown senders are refused, naming why', async () => {
    const sms = alice.mailslurp.smsController;
    const bad = await refusal(sms.sendSms({ fromPhoneId: alicePhone.id, smsSendOptions: { to: '12345', body: 'x' } }));
    assert.equal(bad.status, 400);
    assert.match(bad.message, /12345/);
    const unassigned = await refusal(sms.sendSms({ fromPhoneId: alicePhone.id, smsSendOptions: { to: '+15555550123', body: 'x' } }));
    assert.equal(unassigned.status, 400);
    assert.equal((await refusal(sms.sendSms({ fromPhoneId: bobPhone.id, smsSendOptions: { to: OUTSIDE_NUMBER, body: 'x' } }))).status, 404);
    assert.equal((await refusal(sms.sendSms({ fromPhoneNumber: bobPhone.phoneNumber, smsSendOptions: { to: OUTSIDE_NUMBER, body: 'x' } }))).status, 404);
    assert.equal((await refusal(alice.mailslurp.phoneController.sendSmsFromPhoneNumber({ phoneNumberId: randomUUID(), smsSendOptions: { to: OUTSIDE_NUMBER, body: 'x' } }))).status, 404);
    assert.equal((await refusal(sms.replyToSmsMessage({ smsId: randomUUID(), smsReplyOptions: { body: 'x' } }))).status, 404);
    const lonely = await server.createTenant();
    const none = await refusal(lonely.mailslurp.smsController.sendSms({ smsSendOptions: { to: OUTSIDE_NUMBER, body: 'x' } }));
    assert.equal(none.status, 400);
    assert.match(none.message, /no phone number/);
  });
});
