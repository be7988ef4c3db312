/**
 * The reads built once run as named prepared statements on PostgreSQL: parsed and planned once
 * per connection, not at every run. Other texts stay unnamed; a statement whose result a schema
 * change altered is sent unnamed again rather than failing.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { postgresDialect } from '../../src/storage/kysely/dialect/postgres.js';
import { prepareOnUse } from '../../src/storage/kysely/dialect/pg-prepared.js';
import { adminQuery, postgresUrl } from '../helpers/databases.js';
import { pgRoundTripsDuring } from '../helpers/pg-round-trips.js';

describe('named prepared statements on PostgreSQL', { skip: postgresUrl() ? false : 'PostgreSQL only (PIGEONHOLE_TEST_DATABASE_URL)' }, () => {
  const url = postgresUrl()!;
  const schema = `ph_test_${randomBytes(6).toString('hex')}`;
  let pool: pg.Pool;
  let client: pg.PoolClient;
  const prepared = async () => (await client.query('select statement from pg_prepared_statements')).rows.map((r: { statement: string }) => r.statement);

  before(async () => {
    await adminQuery(url, `create schema ${schema}`);
    pool = postgresDialect(url, { searchPath: schema }).pool;
    client = await pool.connect();
    await client.query('create table things (id text primary key, name text)');
    await client.query("insert into things values ('a', 'first')");
  });
  after(async () => {
    client?.release();
    await pool?.end();
    await adminQuery(url, `drop schema if exists ${schema} cascade`);
  });

  test('a registered text is prepared once on the connection and reused; an unregistered one is not', async () => {
    const byId = `select * from things where id = $1 /* ${schema} */`;
    prepareOnUse(byId);
    const { count } = await pgRoundTripsDuring(async () => {
      assert.deepEqual((await client.query(byId, ['a'])).rows, [{ id: 'a', name: 'first' }]);
      assert.deepEqual((await client.query(byId, ['b'])).rows, []);
    });
    assert.equal(count, 2, 'each run is still one query the round-trip count sees');
    const adHoc = `select name from things where id = $1 /* ad hoc ${schema} */`;
    await client.query(adHoc, ['a']);
    const statements = await prepared();
    assert.equal(statements.filter((s) => s === byId).length, 1);
    assert.ok(!statements.includes(adHoc));
  });

  test('a prepared read whose result a schema change altered is answered unnamed, with the new columns', async () => {
    const all = `select * from things order by id /* ${schema} */`;
    prepareOnUse(all);
    assert.deepEqual((await client.query(all, [])).rows, [{ id: 'a', name: 'first' }]);
    await client.query('alter table things add column size int');
    await client.query("update things set size = 3 where id = 'a'");
    assert.deepEqual((await client.query(all, [])).rows, [{ id: 'a', name: 'first', size: 3 }]);
    assert.deepEqual((await client.query(all, [])).rows, [{ id: 'a', name: 'first', size: 3 }]);
  });
});
