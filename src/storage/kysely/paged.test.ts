import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Kysely, SqliteDialect } from 'kysely';
import { kyselyDatabase, openSqlite } from './dialect/sqlite.js';
import { BY_CREATION, ordered, paged } from './paged.js';

interface Db {
  items: { id: string; kind: string; created_at: number };
}

/** Six rows: created_at 1, 2, 2, 2, 3, 4 (ties to break by id), kinds a and b. */
async function database(): Promise<Kysely<Db>> {
  const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: kyselyDatabase(openSqlite(':memory:')) }) });
  await db.schema.createTable('items').addColumn('id', 'text').addColumn('kind', 'text').addColumn('created_at', 'integer').execute();
  await db.insertInto('items').values([
    { id: 'f', kind: 'a', created_at: 1 },
    { id: 'c', kind: 'b', created_at: 2 },
    { id: 'a', kind: 'a', created_at: 2 },
    { id: 'b', kind: 'a', created_at: 2 },
    { id: 'e', kind: 'b', created_at: 3 },
    { id: 'd', kind: 'a', created_at: 4 },
  ]).execute();
  return db;
}

test('a page of rows in order, ties broken by the next column in the same direction, and the total of all that match', async () => {
  const db = await database();
  try {
    const all = db.selectFrom('items').selectAll();
    const ids = async (sort: 'ASC' | 'DESC', page: number, size: number) =>
      (await paged(all, { page, size, sort }, BY_CREATION)).items.map((r) => r.id);
    assert.deepEqual(await ids('ASC', 0, 10), ['f', 'a', 'b', 'c', 'e', 'd']);
    assert.deepEqual(await ids('DESC', 0, 10), ['d', 'e', 'c', 'b', 'a', 'f']);
    assert.deepEqual(await ids('ASC', 1, 2), ['b', 'c']);
    assert.deepEqual(await ids('DESC', 2, 2), ['a', 'f']);
    assert.deepEqual(await ids('ASC', 3, 2), []);

    const kindA = await paged(db.selectFrom('items').select(['id']).where('kind', '=', 'a'), { page: 1, size: 2, sort: 'ASC' }, BY_CREATION);
    assert.deepEqual(kindA, { items: [{ id: 'b' }, { id: 'd' }], total: 4 });
  } finally {
    await db.destroy();
  }
});

test('a column with a fixed direction keeps it whichever way the page runs', async () => {
  const db = await database();
  try {
    const page = await paged(db.selectFrom('items').select('id'), { page: 0, size: 10, sort: 'DESC' }, ['created_at', ['id', 'asc']]);
    assert.deepEqual(page.items.map((r) => r.id), ['d', 'e', 'a', 'b', 'c', 'f']);
  } finally {
    await db.destroy();
  }
});

test('a grouped or distinct list gives its own count', async () => {
  const db = await database();
  try {
    const kinds = db.selectFrom('items').select('kind').distinct();
    const page = await paged(kinds, { page: 0, size: 1, sort: 'DESC' }, ['kind'],
      db.selectFrom('items').select((eb) => eb.fn.count<number>('kind').distinct().as('n')));
    assert.deepEqual(page, { items: [{ kind: 'b' }], total: 2 });
  } finally {
    await db.destroy();
  }
});

test('ordered: the same order without paging, for capped lists', async () => {
  const db = await database();
  try {
    const rows = await ordered(db.selectFrom('items').select('id'), 'DESC', BY_CREATION).limit(3).execute();
    assert.deepEqual(rows.map((r) => r.id), ['d', 'e', 'c']);
  } finally {
    await db.destroy();
  }
});
