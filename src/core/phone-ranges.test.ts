import { test } from 'node:test';
import assert from 'node:assert/strict';
import { candidateChunks, DEFAULT_PHONE_RANGES, numberAt, parsePhoneRanges, rangeSize } from './phone-ranges.js';

test('the default ranges parse, and hold only fictional numbers', () => {
  const ranges = parsePhoneRanges(DEFAULT_PHONE_RANGES);
  assert.deepEqual([...new Set(ranges.map((r) => r.country))], ['US', 'CA', 'GB']);
  for (const r of ranges) {
    if (r.country === 'GB') assert.match(r.first, /^\+447700900/);
    else assert.match(r.first, /^\+1\d{3}5550100$/);
  }
});

test('bad entries are named', () => {
  assert.throws(() => parsePhoneRanges('US:+1-2'), /not COUNTRY/);
  assert.throws(() => parsePhoneRanges('GB:+447700900999-+447700900000'), /first is after last/);
  assert.throws(() => parsePhoneRanges('GB:+4477009-+447700900000'), /same number of digits/);
  assert.throws(() => parsePhoneRanges('US:+10000000000-+19999999999'), /more than/);
});

test('numbers of a range keep their length', () => {
  const [range] = parsePhoneRanges('GB:+447700900000-+447700900999');
  assert.equal(rangeSize(range!), 1000);
  assert.equal(numberAt(range!, 0), '+447700900000');
  assert.equal(numberAt(range!, 999), '+447700900999');
});

test('candidates cover every number of the country once, from a random start, wrapping', () => {
  const ranges = parsePhoneRanges('US:+12015550100-+12015550102,CA:+14165550100-+14165550199,US:+12025550100-+12025550101');
  const all = [...candidateChunks(ranges, 'US', 2, () => 0.5)].flat();
  assert.deepEqual(all, ['+12015550102', '+12025550100', '+12025550101', '+12015550100', '+12015550101']);
  assert.deepEqual([...candidateChunks(ranges, 'GB', 2)], []);
});
