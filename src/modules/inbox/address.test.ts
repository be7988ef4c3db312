import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '../../core/errors.js';
import { parseAddress } from './address.js';

test('parseAddress lower-cases and splits at the last @', () => {
  assert.deepEqual(parseAddress(' Alice.Smith+tag@Example.COM '), {
    localPart: 'alice.smith+tag',
    domain: 'example.com',
    address: 'alice.smith+tag@example.com',
  });
});

test('parseAddress refuses what a mail server could not route, saying why', () => {
  const cases: Array<[string, RegExp]> = [
    ['no-at-sign', /not an email address/],
    ['@example.com', /not an email address/],
    ['alice@', /not an email address/],
    ['al ice@example.com', /before @/],
    ['.alice@example.com', /single dots/],
    ['al..ice@example.com', /single dots/],
    [`${'a'.repeat(65)}@example.com`, /64 characters/],
    ['alice@exa_mple.com', /invalid domain/],
    ['alice@localhost', /invalid domain/],
  ];
  for (const [input, message] of cases) {
    assert.throws(() => parseAddress(input), (err: unknown) => {
      assert.ok(err instanceof AppError, input);
      assert.equal(err.code, 'BAD_REQUEST');
      assert.match(err.message, message, input);
      return true;
    });
  }
});
