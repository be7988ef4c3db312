import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { arrayQueryNames, splitCommaValues } from './query-arrays.js';

const Tags = Type.Object({ tags: Type.Array(Type.String()) }, { $id: 'Tags' });
const lookup = (id: string) => (id === 'Tags' ? Tags : undefined);

test('array parameters are found in plain, referenced and nullable query schemas', () => {
  const query = Type.Object({
    tags: Type.Optional(Type.Array(Type.String())),
    ids: Type.Optional(Type.Union([Type.Array(Type.String()), Type.Null()])),
    name: Type.Optional(Type.String()),
  });
  assert.deepEqual(arrayQueryNames(query, lookup), ['tags', 'ids']);
  assert.deepEqual(arrayQueryNames(Type.Ref(Tags), lookup), ['tags']);
  assert.deepEqual(arrayQueryNames(undefined, lookup), []);
});

test('comma-separated values are split, trimmed and merged with repeated ones', () => {
  const query: Record<string, unknown> = { tags: 'qa,smoke', ids: ['a, b', 'c', ''], name: 'x,y', empty: '' };
  splitCommaValues(query, ['tags', 'ids', 'empty', 'absent']);
  assert.deepEqual(query, { tags: ['qa', 'smoke'], ids: ['a', 'b', 'c'], name: 'x,y' });
});
