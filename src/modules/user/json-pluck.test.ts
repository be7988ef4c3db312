import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rejectsWith } from '../../../test/fakes/index.js';
import { pathSteps, pluckJsonProperty } from './json-pluck.js';

test('paths: dots, brackets and JSON Pointers', () => {
  assert.deepEqual(pathSteps('a.b[0].c'), ['a', 'b', '0', 'c']);
  assert.deepEqual(pathSteps('a.b.0'), ['a', 'b', '0']);
  assert.deepEqual(pathSteps('/a~1b/c~0d'), ['a/b', 'c~d']);
  assert.deepEqual(pathSteps(''), []);
});

test('values come back as text: strings as they are, the rest as JSON', () => {
  const doc = { s: 'text', n: 1.5, b: true, z: null, o: { k: [1, 2] } };
  assert.equal(pluckJsonProperty(doc, 's'), 'text');
  assert.equal(pluckJsonProperty(doc, 'n'), '1.5');
  assert.equal(pluckJsonProperty(doc, 'b'), 'true');
  assert.equal(pluckJsonProperty(doc, 'z'), 'null');
  assert.equal(pluckJsonProperty(doc, 'o'), '{"k":[1,2]}');
  assert.equal(pluckJsonProperty(doc, 'o.k[1]'), '2');
  assert.equal(pluckJsonProperty([10, 20], '[1]'), '20');
});

test('a missing property is a 400 naming where the path stopped', async () => {
  await rejectsWith(Promise.resolve().then(() => pluckJsonProperty({ a: { b: 1 } }, 'a.c.d')), 'BAD_REQUEST', /nothing at 'a\.c'/);
  await rejectsWith(Promise.resolve().then(() => pluckJsonProperty({ a: [1] }, 'a[3]')), 'BAD_REQUEST', /a\[3\]/);
  await rejectsWith(Promise.resolve().then(() => pluckJsonProperty({ a: 'x' }, 'a.length')), 'BAD_REQUEST', /a\.length/, 'no properties of strings');
  await rejectsWith(Promise.resolve().then(() => pluckJsonProperty({}, 'a[x]')), 'BAD_REQUEST', /not a path/);
  await rejectsWith(Promise.resolve().then(() => pluckJsonProperty({}, 'constructor')), 'BAD_REQUEST', /constructor/, 'only own properties');
});
