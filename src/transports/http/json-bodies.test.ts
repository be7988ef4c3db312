import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import { absentBodyHook } from './json-bodies.js';

test('no body is {} where the body requires nothing, and a 400 naming it where it does', async () => {
  const Options = Type.Object({ name: Type.Optional(Type.String()) }, { $id: 'Options' });
  const Needs = Type.Object({ url: Type.String(), name: Type.Optional(Type.String()) }, { $id: 'Needs' });
  const find = (id: string) => ({ Options, Needs } as Record<string, typeof Options>)[id];
  const op = (body: unknown) => ({ operationId: 'x', method: 'POST', path: '/x', tag: 'T', body, handler: () => undefined }) as never;
  const request = (body?: unknown) => ({ body }) as { body: unknown };

  const lenient = absentBodyHook(op(Type.Ref(Options)), find)!;
  const none = request();
  await lenient(none as never);
  assert.deepEqual(none.body, {});
  const given = request({ name: 'n' });
  await lenient(given as never);
  assert.deepEqual(given.body, { name: 'n' });

  const strict = absentBodyHook(op(Type.Ref(Needs)), find)!;
  await assert.rejects(strict(request() as never), /request body is required: a JSON object \(Needs\) with url/);
  await strict(request({ url: 'u' }) as never);
  assert.equal(absentBodyHook(op(undefined), find), undefined);
});
