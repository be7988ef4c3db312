import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cachedDnsLookup, type DnsLookup } from './dns-answer-cache.js';

const noSuch = (name: string) => Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
const timedOut = (name: string) => Object.assign(new Error(`queryTxt ETIMEOUT ${name}`), { code: 'ETIMEOUT' });

/** A resolver that answers from `zone` and counts the questions it was asked. */
function countingResolver(zone: Record<string, string[][] | Error>) {
  const asked: string[] = [];
  const lookup: DnsLookup = async (name, rrtype) => {
    asked.push(`${name} ${rrtype}`);
    const answer = zone[`${name.toLowerCase()} ${rrtype}`];
    if (answer === undefined) throw noSuch(name);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { asked, lookup };
}

test('an answer is reused until it is maxAgeMs old, then asked again', async () => {
  let now = 1_000;
  const { asked, lookup } = countingResolver({ 'good.test TXT': [['v=spf1 -all']] });
  const cached = cachedDnsLookup(lookup, { maxAgeMs: 30_000, now: () => now });
  assert.deepEqual(await cached('good.test', 'TXT'), [['v=spf1 -all']]);
  now += 29_999;
  assert.deepEqual(await cached('GOOD.test.', 'txt'), [['v=spf1 -all']], 'names and types without case, with or without the final dot');
  assert.equal(asked.length, 1);
  now += 1;
  await cached('good.test', 'TXT');
  assert.equal(asked.length, 2, 'asked again once the answer is maxAgeMs old');
});

test('questions asked while the same one is on its way share its answer', async () => {
  let release: (answer: string[][]) => void = () => {};
  let calls = 0;
  const lookup: DnsLookup = () => {
    calls++;
    return new Promise((resolve) => (release = resolve));
  };
  const cached = cachedDnsLookup(lookup, { maxAgeMs: 30_000 });
  const all = Promise.all([cached('a.test', 'TXT'), cached('a.test', 'TXT'), cached('a.test', 'TXT')]);
  release([['shared']]);
  assert.deepEqual(await all, [[['shared']], [['shared']], [['shared']]]);
  assert.equal(calls, 1);
});

test('"no such record" is reused like an answer; a failed lookup is asked again by the next caller', async () => {
  const { asked, lookup } = countingResolver({ 'down.test TXT': timedOut('down.test') });
  const cached = cachedDnsLookup(lookup, { maxAgeMs: 30_000 });
  for (let i = 0; i < 2; i++) await assert.rejects(cached('missing.test', 'TXT'), { code: 'ENOTFOUND' });
  for (let i = 0; i < 2; i++) await assert.rejects(cached('down.test', 'TXT'), { code: 'ETIMEOUT' });
  assert.deepEqual(asked, ['missing.test TXT', 'down.test TXT', 'down.test TXT']);
});

test('each caller gets a copy: one that edits its answer changes nothing for the next', async () => {
  const { lookup } = countingResolver({ 'mx.test MX': [['a'], ['b']] });
  const cached = cachedDnsLookup(lookup, { maxAgeMs: 30_000 });
  const first = (await cached('mx.test', 'MX')) as string[][];
  first.reverse();
  first[0]!.push('edited');
  assert.deepEqual(await cached('mx.test', 'MX'), [['a'], ['b']]);
});

test('past maxEntries the least recently used question is forgotten', async () => {
  const { asked, lookup } = countingResolver({ 'a.test TXT': [['a']], 'b.test TXT': [['b']], 'c.test TXT': [['c']] });
  const cached = cachedDnsLookup(lookup, { maxAgeMs: 30_000, maxEntries: 2 });
  await cached('a.test', 'TXT');
  await cached('b.test', 'TXT');
  await cached('a.test', 'TXT'); // a is now the most recently used
  await cached('c.test', 'TXT'); // b goes
  await cached('a.test', 'TXT');
  await cached('b.test', 'TXT');
  assert.deepEqual(asked, ['a.test TXT', 'b.test TXT', 'c.test TXT', 'b.test TXT']);
});

test('maxAgeMs 0: every question goes to the resolver', async () => {
  const { asked, lookup } = countingResolver({ 'good.test TXT': [['x']] });
  const cached = cachedDnsLookup(lookup, { maxAgeMs: 0 });
  await cached('good.test', 'TXT');
  await cached('good.test', 'TXT');
  assert.equal(asked.length, 2);
});
