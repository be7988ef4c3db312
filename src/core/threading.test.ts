import { test } from 'node:test';
import assert from 'node:assert/strict';
import { headerMessageId, referencedIds, threadKeys } from './threading.js';

test('headerMessageId brackets bare ids and ignores what is not an id', () => {
  assert.equal(headerMessageId('a@b'), '<a@b>');
  assert.equal(headerMessageId(' <a@b> '), '<a@b>');
  assert.equal(headerMessageId('two words'), null);
  assert.equal(headerMessageId(''), null);
  assert.equal(headerMessageId(null), null);
});

test('referencedIds reads every id of a References value, folded or not', () => {
  assert.deepEqual(referencedIds('<r1@x>\r\n <r2@x>  <r3@x>'), ['<r1@x>', '<r2@x>', '<r3@x>']);
  assert.deepEqual(referencedIds(null), []);
});

test('threadKeys: own id, then In-Reply-To, then References nearest ancestor first, without repeats', () => {
  const keys = threadKeys({
    messageId: '<m3@x>',
    inReplyTo: '<m2@x>',
    headers: [['Subject', 'Re: plan'], ['References', '<m1@x> <m2@x>']],
  });
  assert.deepEqual(keys, ['<m3@x>', '<m2@x>', '<m1@x>']);
  assert.deepEqual(threadKeys({ messageId: null, inReplyTo: null, headers: [['references', '<a@x> <b@x>']] }), ['<b@x>', '<a@x>']);
  assert.deepEqual(threadKeys({ messageId: null, inReplyTo: null, headers: [] }), []);
});
