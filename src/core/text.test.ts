import { test } from 'node:test';
import assert from 'node:assert/strict';
import { storableText, storableTexts } from './text.js';

test('storableText replaces every U+0000 with U+FFFD and leaves other text alone', () => {
  assert.equal(storableText('a\u0000b\u0000'), 'a\uFFFDb\uFFFD');
  const clean = 'no nul ✓';
  assert.equal(storableText(clean), clean);
});

test('storableTexts reaches every string, keys included, and keeps bytes and dates', () => {
  const bytes = Buffer.from([0, 1, 0]);
  const at = new Date(0);
  const out = storableTexts({ s: 'x\u0000', list: [['k\u0000', 'v\u0000']], nested: { 'n\u0000': null, n: 1 }, bytes, at });
  assert.deepEqual(out, { s: 'x\uFFFD', list: [['k\uFFFD', 'v\uFFFD']], nested: { 'n\uFFFD': null, n: 1 }, bytes, at });
  assert.equal(out.bytes, bytes, 'the same Buffer, untouched');
  assert.equal(out.at, at);
});
