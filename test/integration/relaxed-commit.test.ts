import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type Kysely } from 'kysely';
import { pgRoundTripsDuring } from '../helpers/pg-round-trips.js';
import { relaxedTransaction } from '../../src/storage/kysely/dialect/relaxed-commit.js';
import type { Database } from '../../src/storage/schema.js';
import { freshDatabase, inspect, type TestDatabase } from '../helpers/databases.js';
import { describeEachDialect } from '../helpers/server.js';

describeEachDialect('relaxed commits (read marks)', (dialect) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let other: Kysely<Database>;

  before(async () => {
    database = await freshDatabase(dialect);
    db = inspect(database);
    other = inspect(database);
    await sql`create table relaxed_probe (id text primary key)`.execute(db);
  });
  after(async () => {
    await db.destroy();
    await other.destroy();
    await database.cleanup();
  });

  /** How this connection commits now: SQLite's synchronous level, PostgreSQL's synchronous_commit. */
  const commitMode = async (on: Kysely<Database>) =>
    dialect === 'sqlite'
      ? String((await sql<{ synchronous: number }>`pragma synchronous`.execute(on)).rows[0]!.synchronous)
      : (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(on)).rows[0]!.synchronous_commit;
  const durable = dialect === 'sqlite' ? '2' : 'on';
  const relaxed = dialect === 'sqlite' ? '1' : 'off';
  const probes = async () => (await sql<{ id: string }>`select id from relaxed_probe order by id`.execute(other)).rows.map((r) => r.id);

  test('a relaxed transaction commits without the flush wait, and another connection sees it at once', async () => {
    const mode = await relaxedTransaction(db, async (trx) => {
      await sql`insert into relaxed_probe (id) values ('a')`.execute(trx);
      return commitMode(trx);
    });
    assert.equal(mode, relaxed, 'inside, commits do not wait for the disk');
    assert.deepEqual(await probes(), ['a']);
  });

  test('afterwards the connection commits durably again, also after a relaxed transaction that failed and left nothing', async () => {
    await assert.rejects(relaxedTransaction(db, async (trx) => {
      await sql`insert into relaxed_probe (id) values ('b')`.execute(trx);
      throw new Error('changed my mind');
    }), /changed my mind/);
    assert.deepEqual(await probes(), ['a'], 'the failed transaction was rolled back whole');
    const mode = await db.transaction().execute(async (trx) => {
      await sql`insert into relaxed_probe (id) values ('c')`.execute(trx);
      return commitMode(trx);
    });
    assert.equal(mode, durable);
    assert.deepEqual(await probes(), ['a', 'c']);
  });

  test('on PostgreSQL BEGIN and the setting go in one round trip: one statement inside costs three', { skip: dialect === 'postgres' ? false : 'PostgreSQL only' }, async () => {
    const { count, error } = await pgRoundTripsDuring(() => relaxedTransaction(db, (trx) => sql`insert into relaxed_probe (id) values ('d')`.execute(trx)));
    assert.equal(error, undefined);
    assert.equal(count, 3, 'begin and set local, the insert, commit');
    assert.deepEqual(await probes(), ['a', 'c', 'd']);
  });
});
