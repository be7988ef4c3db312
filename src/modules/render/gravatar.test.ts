import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '../../core/errors.js';
import { gravatarUrl } from './gravatar.js';

test("Gravatar's documented example: the SHA-256 of the trimmed, lower-cased address", () => {
  // Gravatar's docs hash "MyEmailAddress@example.com " to this value.
  const { hash, url } = gravatarUrl(' MyEmailAddress@example.com ');
  assert.equal(hash, '84059b07d4be67b806386c0aad8070a23f18836bbaae342275dc0a83414c32ee');
  assert.equal(url, `https://gravatar.com/avatar/${hash}`);
  assert.equal(gravatarUrl('a@b.c', '200').url.endsWith('?s=200'), true);
});

test('a size outside 1-2048 or not a number, and a value that is no address, are refused', () => {
  for (const size of ['0', '2049', '1.5', 'x', '-3']) assert.throws(() => gravatarUrl('a@b.c', size), AppError);
  assert.throws(() => gravatarUrl('nobody'), AppError);
});
