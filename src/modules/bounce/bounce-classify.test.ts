import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyRefusal } from './bounce-classify.js';

test('a 5xx refusal is a permanent bounce with the reply as smtp diagnostic', () => {
  assert.deepEqual(classifyRefusal(550, '550 Mailbox reject@example.com unavailable'), {
    bounceType: 'Permanent', bounceSubType: 'General', status: '5.0.0', diagnosticCode: 'smtp; 550 Mailbox reject@example.com unavailable',
  });
});

test('the enhanced status in the reply is kept and names the sub type', () => {
  assert.deepEqual(classifyRefusal(550, '550 5.1.1 <x@example.com>: no such user'), {
    bounceType: 'Permanent', bounceSubType: 'NoEmail', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 <x@example.com>: no such user',
  });
  assert.equal(classifyRefusal(452, '452 4.2.2 Mailbox full').bounceSubType, 'MailboxFull');
  assert.equal(classifyRefusal(552, '552 5.3.4 Message too big').bounceSubType, 'MessageTooLarge');
});

test('a 4xx refusal is transient; a reply without its code gets the code prefixed', () => {
  assert.deepEqual(classifyRefusal(451, 'Try again later'), {
    bounceType: 'Transient', bounceSubType: 'General', status: '4.0.0', diagnosticCode: 'smtp; 451 Try again later',
  });
});

test('no reply at all (relay unreachable) is transient, no answer from host', () => {
  assert.deepEqual(classifyRefusal(null, 'connect ECONNREFUSED 127.0.0.1:9'), {
    bounceType: 'Transient', bounceSubType: 'General', status: '4.4.1', diagnosticCode: 'connect ECONNREFUSED 127.0.0.1:9',
  });
});
