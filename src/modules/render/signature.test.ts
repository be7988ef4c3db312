import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findSignature } from './signature.js';

test('the block after the last "-- " line, up to a quoted reply', () => {
  const text = 'Thanks!\r\n\r\n-- \r\nJane Doe\r\n+1 555 0100\r\n\r\nOn Mon, 1 Jan 2024, Bob wrote:\r\n> -- \r\n> Bob';
  assert.deepEqual(findSignature(text, 'RAW_TEXT_PART'), { body: 'Jane Doe\n+1 555 0100', source: 'RAW_TEXT_PART', marker: '-- ', detectionType: 'DELIMITER' });
});

test('a trimmed "--" and an empty block after it', () => {
  assert.equal(findSignature('Hi\n--\nSam', 'X')?.marker, '--');
  assert.equal(findSignature('Hi\n-- \n\n', 'X'), null);
});

test('mobile footers and sign-offs near the end', () => {
  assert.deepEqual(findSignature('On my way.\n\nSent from my iPhone', 'X'), { body: 'Sent from my iPhone', source: 'X', marker: 'Sent from my iPhone', detectionType: 'MOBILE_FOOTER' });
  const signedOff = findSignature('Let me know.\n\nKind regards,\nAl Smith\nACME', 'X');
  assert.equal(signedOff?.detectionType, 'VALEDICTION');
  assert.equal(signedOff?.body, 'Kind regards,\nAl Smith\nACME');
  assert.equal(signedOff?.marker, 'Kind regards,');
});

test('no convention, no signature: a sign-off word inside a sentence, or a sign-off with nothing after it', () => {
  assert.equal(findSignature('Thanks for the report, it helps.', 'X'), null);
  assert.equal(findSignature('Body text\n\nCheers', 'X'), null);
  assert.equal(findSignature('', 'X'), null);
});
