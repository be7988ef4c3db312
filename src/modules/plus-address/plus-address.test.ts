import { test } from 'node:test';
import assert from 'node:assert/strict';
import { plusBases } from '../email/ingest.service.js';
import { plusTagOf } from './plus-address.service.js';

test('plusBases: the addresses an address may be a plus address of, longest first', () => {
  assert.deepEqual(plusBases('a+b@d.com'), ['a@d.com']);
  assert.deepEqual(plusBases('a+b+c@d.com'), ['a+b@d.com', 'a@d.com']);
  assert.deepEqual(plusBases('a@d.com'), []);
  // an empty tag or an empty base names no plus address
  assert.deepEqual(plusBases('a+@d.com'), []);
  assert.deepEqual(plusBases('+b@d.com'), []);
  assert.deepEqual(plusBases('no-at-sign+b'), []);
});

test('plusTagOf: the tag of a plus address of an inbox, case-insensitive; undefined for anything else', () => {
  assert.equal(plusTagOf('Box@d.com', 'box+News@D.com'), 'news');
  assert.equal(plusTagOf('a+own@d.com', 'a+own+x@d.com'), 'x');
  assert.equal(plusTagOf('box@d.com', 'box@d.com'), undefined);
  assert.equal(plusTagOf('box@d.com', 'box+@d.com'), undefined);
  assert.equal(plusTagOf('box@d.com', 'box+x@other.com'), undefined);
  assert.equal(plusTagOf('box@d.com', 'boxer+x@d.com'), undefined);
});
