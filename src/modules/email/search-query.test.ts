import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSearchQuery } from './search-query.js';
import { AppError } from '../../core/errors.js';

const terms = (q: string) => parseSearchQuery(q)?.terms;
const refused = (q: string, naming: string) =>
  assert.throws(() => parseSearchQuery(q), (e: unknown) => e instanceof AppError && e.code === 'BAD_REQUEST' && e.message.includes(naming), q);

test('an empty or blank query is no filter', () => {
  assert.equal(parseSearchQuery(''), undefined);
  assert.equal(parseSearchQuery('   '), undefined);
  assert.equal(parseSearchQuery(undefined), undefined);
  assert.equal(parseSearchQuery('- !! from:'), undefined);
});

test('free words are separate prefix terms over every field, lower-cased and without accents', () => {
  assert.deepEqual(terms('Invoice  Café'), [
    { kind: 'words', field: 'any', words: ['invoice'], exact: false, negated: false },
    { kind: 'words', field: 'any', words: ['cafe'], exact: false, negated: false },
  ]);
});

test('an address is one phrase of its words, free or after from:/to:; a whole one exact, part of one ending in a prefix', () => {
  assert.deepEqual(terms('alice@example.com'), [{ kind: 'words', field: 'any', words: ['alice', 'example', 'com'], exact: true, negated: false }]);
  assert.deepEqual(terms('from:alice@example.com to:signup@ to:bob@site.ex -from:x.y@mail.example.org'), [
    { kind: 'words', field: 'from', words: ['alice', 'example', 'com'], exact: true, negated: false },
    { kind: 'words', field: 'to', words: ['signup'], exact: false, negated: false },
    { kind: 'words', field: 'to', words: ['bob', 'site', 'ex'], exact: true, negated: false },
    { kind: 'words', field: 'from', words: ['x', 'y', 'mail', 'example', 'org'], exact: true, negated: true },
  ]);
  assert.deepEqual(terms('to:bob@site'), [{ kind: 'words', field: 'to', words: ['bob', 'site'], exact: false, negated: false }]);
  assert.deepEqual(terms('report-q3.pdf'), [{ kind: 'words', field: 'any', words: ['report', 'q3', 'pdf'], exact: false, negated: false }]);
});

test('quoted phrases are exact, also after a key and negated', () => {
  assert.deepEqual(terms('"hello world" subject:"your order" -"no reply"'), [
    { kind: 'words', field: 'any', words: ['hello', 'world'], exact: true, negated: false },
    { kind: 'words', field: 'subject', words: ['your', 'order'], exact: true, negated: false },
    { kind: 'words', field: 'any', words: ['no', 'reply'], exact: true, negated: true },
  ]);
  assert.deepEqual(terms('"unterminated phrase'), [{ kind: 'words', field: 'any', words: ['unterminated', 'phrase'], exact: true, negated: false }]);
});

test('a UUID alone is the email id', () => {
  assert.deepEqual(terms('0F8FAD5B-D9CB-469F-A165-70867728950E'), [{ kind: 'id', id: '0f8fad5b-d9cb-469f-a165-70867728950e', negated: false }]);
});

test('flags, negation of any term', () => {
  assert.deepEqual(terms('has:attachment is:unread -is:read is:favourite -has:attachments'), [
    { kind: 'hasAttachment', negated: false },
    { kind: 'read', read: false, negated: false },
    { kind: 'read', read: true, negated: true },
    { kind: 'favourite', negated: false },
    { kind: 'hasAttachment', negated: true },
  ]);
  assert.deepEqual(terms('-from:bob'), [{ kind: 'words', field: 'from', words: ['bob'], exact: false, negated: true }]);
});

test('dates: a UTC day or an ISO date-time (UTC without an offset)', () => {
  assert.deepEqual(terms('before:2026-05-01 after:2026-04-01T10:30:00+02:00 after:2026-04-01T10:30'), [
    { kind: 'before', at: new Date('2026-05-01T00:00:00Z'), negated: false },
    { kind: 'after', at: new Date('2026-04-01T08:30:00Z'), negated: false },
    { kind: 'after', at: new Date('2026-04-01T10:30:00Z'), negated: false },
  ]);
});

test('sizes: bytes, k and m', () => {
  assert.deepEqual(terms('larger:100k smaller:2M larger:512 smaller:1.5kb'), [
    { kind: 'larger', bytes: 102400, negated: false },
    { kind: 'smaller', bytes: 2097152, negated: false },
    { kind: 'larger', bytes: 512, negated: false },
    { kind: 'smaller', bytes: 1536, negated: false },
  ]);
});

test('malformed values of known keys are refused naming the term', () => {
  refused('before:yesterday', "'before:yesterday'");
  refused('after:2026-02-31', "'after:2026-02-31'");
  refused('before:', "'before:'");
  refused('larger:big', "'larger:big'");
  refused('smaller:10g', "'smaller:10g'");
  refused('has:wings', "'has:wings'");
  refused('is:spam', "'is:spam'");
  refused(Array.from({ length: 33 }, (_, i) => `w${i}`).join(' '), 'at most 32');
});

test('unknown keys and stray punctuation are plain text', () => {
  assert.deepEqual(terms('Re: hello'), [
    { kind: 'words', field: 'any', words: ['re'], exact: false, negated: false },
    { kind: 'words', field: 'any', words: ['hello'], exact: false, negated: false },
  ]);
  assert.deepEqual(terms(`') OR 1=1 -- "*`), [
    { kind: 'words', field: 'any', words: ['or'], exact: false, negated: false },
    { kind: 'words', field: 'any', words: ['1', '1'], exact: false, negated: false },
  ]);
});
