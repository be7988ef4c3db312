/**
 * Statements batched into one round trip (pg-batch.ts) carry their parameters as literals:
 * each must reach PostgreSQL as the very value node-postgres would have bound, whatever it
 * holds, and nothing in the SQL but the placeholders may change.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { CompiledQuery } from 'kysely';
import { inlineParameters, runPgBatch } from '../../src/storage/kysely/dialect/pg-batch.js';
import { postgresUrl } from '../helpers/databases.js';

describe('PostgreSQL batches: parameters as literals', { skip: postgresUrl() ? false : 'PostgreSQL only (PIGEONHOLE_TEST_DATABASE_URL)' }, () => {
  let client: pg.Client;
  before(async () => {
    client = new pg.Client({ connectionString: postgresUrl() });
    await client.connect();
  });
  after(() => client.end());

  const bound = async (sql: string, value: unknown) => (await client.query(sql, [value])).rows[0].v;
  const inlined = async (sql: string, value: unknown) => (await runPgBatch(client, [CompiledQuery.raw(sql, [value])]))[0]!.rows[0].v;
  const same = async (type: string, value: unknown) => {
    const sql = `select $1::${type} as v`;
    assert.deepEqual(await inlined(sql, value), await bound(sql, value), `${type} ${JSON.stringify(value)}`);
  };

  test('text with quotes, backslashes, dollar signs, line breaks and any Unicode', async () => {
    for (const value of ["it's", "''", '\\', "\\'", 'a\\nb', "E'x'", '$1 $2 $$ $tag$', 'line\r\nbreak\ttab', '☃ 𝄞 emoji 😀', '', ' E', '"quoted"']) {
      await same('text', value);
    }
  });

  test('bytea of every byte value, and an empty one', async () => {
    await same('bytea', randomBytes(4096));
    await same('bytea', Buffer.from(Array.from({ length: 256 }, (_, i) => i)));
    await same('bytea', Buffer.alloc(0));
  });

  test('numbers, booleans, null, JSON, arrays with awkward elements', async () => {
    for (const n of [0, -1, 42, 2 ** 53 - 1, 1.5, -0.25, 1e-7]) await same('float8', n);
    await same('bigint', 1_764_000_000_000);
    await same('boolean', true);
    await same('boolean', false);
    await same('text', null);
    await same('jsonb', { quote: "it's", slash: '\\', nested: [1, 'two'] });
    await same('text[]', ['a', "b'c", 'd"e', 'f\\g', 'h,i', '{j}', 'NULL', '', null]);
    await same('text[]', []);
  });

  test('several statements: one round trip, a result each, in order', async () => {
    const results = await runPgBatch(client, [
      'begin',
      CompiledQuery.raw('select $1::text as v', ["one's"]),
      CompiledQuery.raw('select $2::int + $1::int as v', [1, 2]),
      'commit',
    ]);
    assert.deepEqual(results.map((r) => r.rows[0]?.v), [undefined, "one's", 3, undefined]);
  });

  test('a failing statement fails the batch and leaves its transaction to roll back', async () => {
    await assert.rejects(runPgBatch(client, ['begin', 'select 1/0', "select 'never'"]), /division by zero/);
    await assert.rejects(client.query('select 1'), /current transaction is aborted/);
    await client.query('rollback');
    assert.equal((await client.query('select 1 as v')).rows[0].v, 1);
  });
});

describe('inlineParameters', () => {
  const inline = (sql: string, parameters: unknown[]) => inlineParameters(CompiledQuery.raw(sql, parameters));

  test('only placeholders outside quoted text and identifiers are replaced', () => {
    assert.equal(inline(`select "a$1", 'b$1''$2', $1, $10 from t`, ['x', 2, 3, 4, 5, 6, 7, 8, 9, 'ten']), `select "a$1", 'b$1''$2', 'x', 'ten' from t`);
    assert.equal(inline('select 1', []), 'select 1');
  });

  test('a value is quoted, with E-syntax only when it holds a backslash', () => {
    assert.equal(inline('select $1, $2, $3, $4', ["it's", 'a\\b', null, Buffer.from([0, 255])]), `select 'it''s',  E'a\\\\b', NULL, E'\\\\x00ff'`);
  });

  test('what it cannot read safely is refused, not guessed', () => {
    assert.throws(() => inline("select 'open, $1", ['x']), /unterminated/);
    assert.throws(() => inline('select $$body$$, $1', ['x']), /not a parameter/);
    assert.throws(() => inline('select $2', ['x']), /no parameter \$2/);
    assert.throws(() => inline('select $1', [Number.NaN]), /not a finite number/);
  });
});
