import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

/** Distinct SQL texts kept prepared per connection (IN lists of varying length make many). */
const STATEMENT_CACHE_SIZE = 256;

/**
 * Every commit is durable on power loss, not just on process crash: a 250 from our SMTP
 * server must mean the mail is on disk. (relaxed-commit.ts lowers it for one transaction.)
 */
export const SQLITE_SYNCHRONOUS = 'FULL';

/**
 * A connection in WAL mode, committing at SQLITE_SYNCHRONOUS. `autoCheckpoint: false` for a
 * connection whose owner checkpoints by itself (the ingest writer; checkpoints.ts).
 */
export function openSqlite(file: string, options: { autoCheckpoint?: boolean } = {}): SQLite.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${SQLITE_SYNCHRONOUS}`);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  if (options.autoCheckpoint === false) db.pragma('wal_autocheckpoint = 0');
  return db;
}

/**
 * What Kysely's driver sees of a connection, with two changes:
 * - statements are prepared once per SQL text (Kysely prepares every query it runs, and
 *   preparing costs more than running the small statements of the ingest path);
 * - transactions begin IMMEDIATE. The file has a second writer (the ingest writer thread,
 *   ingest-writer.ts); a deferred transaction that read before it wrote would fail with
 *   SQLITE_BUSY_SNAPSHOT when that writer committed in between, and that error skips the
 *   busy timeout. IMMEDIATE takes the write lock at the start and waits for it.
 */
export function kyselyDatabase(db: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => db.close(),
    prepare(text: string): SqliteStatement {
      const sql = text === 'begin' ? 'begin immediate' : text;
      const cached = cache.get(sql);
      // a statement still iterating (a streamed select) cannot run again until it is done
      if (cached && !cached.busy) {
        // most recently used last, so eviction drops the coldest
        cache.delete(sql);
        cache.set(sql, cached);
        return cached as unknown as SqliteStatement;
      }
      const statement = db.prepare(sql);
      if (!cached) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(sql, statement);
      }
      return statement as unknown as SqliteStatement;
    },
  };
}

export function sqliteDialect(file: string): SqliteDialect {
  return new SqliteDialect({ database: kyselyDatabase(openSqlite(file)) });
}
