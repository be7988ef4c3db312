import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { compiledOnce } from '../../src/storage/kysely/compiled-once.js';
import { dialects, freshDatabase, inspect } from '../helpers/databases.js';

for (const dialect of dialects()) {
  test(`${dialect}: a query compiled once answers each call with that call's arguments`, async () => {
    const fresh = await freshDatabase(dialect);
    const db = inspect(fresh);
    try {
      const now = Date.now();
      await db.insertInto('users').values([
        { id: 'u1', email: 'one@example.com', name: 'One', is_admin: 0, created_at: now },
        { id: 'u2', email: 'two@example.com', name: 'Two', is_admin: 1, created_at: now },
      ] as never).execute();
      // arguments used in another order than given, and a constant of the query between them
      const byEmailAndId = compiledOnce((d, id: string, email: string) => d
        .selectFrom('users').select(['id', 'name'])
        .where('email', '=', email).where('is_admin', '>=', 0).where('id', '=', id));
      assert.deepEqual(await byEmailAndId(db, 'u1', 'one@example.com'), [{ id: 'u1', name: 'One' }]);
      assert.deepEqual(await byEmailAndId(db, 'u2', 'two@example.com'), [{ id: 'u2', name: 'Two' }]);
      assert.deepEqual(await byEmailAndId(db, 'u1', 'two@example.com'), []);
      // a value that could be SQL stays a value
      assert.deepEqual(await byEmailAndId(db, "u1' or '1'='1", 'one@example.com'), []);

      const inText = compiledOnce((d, id: string) => d.selectFrom('users').select('id').where('id', '=', sql.lit(id)));
      await assert.rejects(inText(db, 'u1'), /not bound parameters/);
    } finally {
      await db.destroy();
      await fresh.cleanup();
    }
  });
}
