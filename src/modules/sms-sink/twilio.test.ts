import { test } from 'node:test';
import assert from 'node:assert/strict';
import twilio from 'twilio';
import { isFailNumber, messageResource, parseForm, rfc2822, segmentCount, TwilioError, twilioSignature } from './twilio.js';

test("the signature is the one twilio's own validateRequest accepts (repeated parameters too), and no other", () => {
  const url = 'https://app.example.com/sms/status?x=1';
  const params = { MessageSid: 'SM0123', MessageStatus: 'delivered', To: '+447700900123', From: 'MyApp', AccountSid: 'AC1' };
  const signature = twilioSignature('the-api-key', url, params);
  assert.equal(twilio.validateRequest('the-api-key', signature, url, params), true);
  assert.equal(twilio.validateRequest('another-key', signature, url, params), false);
  assert.equal(twilio.validateRequest('the-api-key', signature, url, { ...params, MessageStatus: 'failed' }), false);
  assert.equal(signature, twilio.getExpectedTwilioSignature('the-api-key', url, params));
  const repeated = { MediaUrl: ['https://b.example/2.png', 'https://a.example/1.png'], Body: 'hi' };
  assert.equal(twilioSignature('k', url, repeated), twilio.getExpectedTwilioSignature('k', url, repeated));
});

test('forms keep every value of a repeated name, in order', () => {
  const form = parseForm(Buffer.from('To=%2B447700900123&Body=a+b%26c&MediaUrl=https%3A%2F%2Fx%2F1&MediaUrl=https%3A%2F%2Fx%2F2'));
  assert.deepEqual(form.get('To'), ['+447700900123']);
  assert.deepEqual(form.get('Body'), ['a b&c']);
  assert.deepEqual(form.get('MediaUrl'), ['https://x/1', 'https://x/2']);
});

test('segments: GSM-7 160 / 153 per part (extension characters count twice), UCS-2 70 / 67', () => {
  assert.equal(segmentCount(''), 1);
  assert.equal(segmentCount('a'.repeat(160)), 1);
  assert.equal(segmentCount('a'.repeat(161)), 2);
  assert.equal(segmentCount('a'.repeat(306)), 2);
  assert.equal(segmentCount('a'.repeat(307)), 3);
  assert.equal(segmentCount('€'.repeat(80)), 1);
  assert.equal(segmentCount('€'.repeat(81)), 2);
  assert.equal(segmentCount('ж'.repeat(70)), 1);
  assert.equal(segmentCount('ж'.repeat(71)), 2);
  assert.equal(segmentCount('😀'.repeat(34)), 1, 'a surrogate pair is two UCS-2 units');
  assert.equal(segmentCount('😀'.repeat(36)), 2);
});

test('fail numbers match exactly or by prefix', () => {
  assert.equal(isFailNumber('+12025550188', ['+12025550188']), true);
  assert.equal(isFailNumber('+12025550188', ['+1202555']), true);
  assert.equal(isFailNumber('+12025550188', ['+44']), false);
  assert.equal(isFailNumber('+12025550188', []), false);
});

test("dates in RFC 2822 and the resource and error shapes Twilio's client reads", () => {
  assert.equal(rfc2822(new Date('2026-11-25T05:50:20Z')), 'Wed, 25 Nov 2026 05:50:20 +0000');
  const at = new Date('2026-11-25T05:50:20Z');
  const resource = messageResource({ sid: 'SM' + '0'.repeat(32), accountSid: 'AC1', from: 'MyApp', to: '+447700900123', body: 'hi', status: 'failed', errorCode: 30003, numMedia: 2, createdAt: at, updatedAt: at });
  assert.deepEqual([resource.status, resource.error_code, resource.error_message, resource.num_media, resource.num_segments, resource.price], ['failed', 30003, 'Unreachable destination handset', '2', '1', null]);
  assert.equal(resource.uri, `/2010-04-01/Accounts/AC1/Messages/SM${'0'.repeat(32)}.json`);
  assert.deepEqual(JSON.parse(JSON.stringify(new TwilioError(400, 21211, "Invalid 'To' Phone Number: x"))),
    { code: 21211, message: "Invalid 'To' Phone Number: x", more_info: 'https://www.twilio.com/docs/errors/21211', status: 400 });
});
