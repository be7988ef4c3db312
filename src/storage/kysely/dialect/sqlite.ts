import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { SqliteDialect } from 'kysely';

/**
 * SQLite in WAL mode. synchronous=FULL makes each commit durable on power loss, not
 * just on process crash: a 250 from our SMTP server must mean the mail is on disk.
 */
export function sqliteDialect(file: string): SqliteDialect {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return new SqliteDialect({ database: db });
}
