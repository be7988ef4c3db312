/**
 * Fresh test databases opened through the storage layer (src/storage/kysely). For the
 * integration tests only: the conformance tests must not import src/, so what needs no
 * storage lives in dialects.ts and ports.ts (re-exported here for the integration tests).
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import type { Kysely } from 'kysely';
import type { Store } from '../../src/storage/ports.js';
import { openDatabase, openStore } from '../../src/storage/kysely/database.js';
import type { Database } from '../../src/storage/schema.js';
import { adminQuery, postgresUrl, type DialectName } from './dialects.js';

export { adminQuery, dialects, postgresUrl, type DialectName } from './dialects.js';
export { EPHEMERAL_PORTS } from './ports.js';

/** A fresh, migrated, empty database: a temp SQLite file, or a new PostgreSQL schema. */
export interface TestDatabase {
  dialect: DialectName;
  store: Store;
  /** PostgreSQL only: the URL and schema, for a second node on the same database */
  databaseUrl?: string;
  searchPath?: string;
  dataDir: string;
  cleanup(): Promise<void>;
}

let sqliteTemplate: Promise<string> | undefined;

/**
 * A migrated, empty SQLite file, made once per test process: each fresh SQLite database is a
 * copy of it (running every migration took about half a second of each test server's start).
 * Opening the copy runs the migrator all the same, which finds nothing to do.
 */
function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pigeonhole-test-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'pigeonhole.db');
    const store = await openStore({ sqliteFile: file });
    await store.close();
    return file;
  })();
  return sqliteTemplate;
}

const SCHEMA_PLACEHOLDER = '__pigeonhole_test_schema__';
let postgresScript: Promise<string | null> | undefined;

/**
 * A migrated, empty PostgreSQL schema as the SQL that makes it (pg_dump of one migrated once per
 * test process, its name replaced by a placeholder): a fresh schema is that script run as one
 * statement, where migrating took one transaction per migration (a second or two of each test
 * server's start). Opening the store on it runs the migrator all the same, which finds the
 * migrations recorded. Null without pg_dump: each schema is migrated then.
 */
function migratedPostgresScript(databaseUrl: string): Promise<string | null> {
  postgresScript ??= (async () => {
    const template = `ph_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(databaseUrl, `create schema ${template}`);
    try {
      await (await openStore({ databaseUrl, searchPath: template })).close();
      const dump = spawnSync('pg_dump', ['--dbname', databaseUrl, '--schema', template, '--inserts', '--no-owner', '--no-privileges'], { encoding: 'utf8' });
      if (dump.status !== 0 || !dump.stdout) return null;
      return dump.stdout
        .split('\n')
        .filter((line) => !line.startsWith('\\')) // psql's meta-commands (\restrict): not SQL
        .join('\n')
        .replace(new RegExp(`\\b${template}\\b`, 'g'), SCHEMA_PLACEHOLDER);
    } finally {
      await adminQuery(databaseUrl, `drop schema if exists ${template} cascade`);
    }
  })();
  return postgresScript;
}

export async function freshDatabase(dialect: DialectName): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), `pigeonhole-test-${dialect}-`));
  if (dialect === 'sqlite') {
    const file = join(dataDir, 'pigeonhole.db');
    const template = await migratedSqliteTemplate();
    copyFileSync(template, file);
    // closed cleanly, the template has no write-ahead log; should one be left, it holds part of the schema
    if (existsSync(`${template}-wal`)) copyFileSync(`${template}-wal`, `${file}-wal`);
    const store = await openStore({ sqliteFile: file });
    return {
      dialect,
      store,
      dataDir,
      async cleanup() {
        await store.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const databaseUrl = postgresUrl();
  if (!databaseUrl) throw new Error('PIGEONHOLE_TEST_DATABASE_URL is not set');
  const schema = `ph_test_${randomBytes(6).toString('hex')}`;
  const script = await migratedPostgresScript(databaseUrl);
  await adminQuery(databaseUrl, script ? script.replaceAll(SCHEMA_PLACEHOLDER, schema) : `create schema ${schema}`);
  let store: Store;
  try {
    store = await openStore({ databaseUrl, searchPath: schema });
  } catch (err) {
    await adminQuery(databaseUrl, `drop schema if exists ${schema} cascade`);
    throw err;
  }
  return {
    dialect,
    store,
    databaseUrl,
    searchPath: schema,
    dataDir,
    async cleanup() {
      await store.close();
      await adminQuery(databaseUrl, `drop schema if exists ${schema} cascade`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A second, direct Kysely handle on a test database, for assertions on what is stored. */
export function inspect(db: TestDatabase): Kysely<Database> {
  return openDatabase(
    db.dialect === 'sqlite'
      ? { sqliteFile: join(db.dataDir, 'pigeonhole.db') }
      : { databaseUrl: db.databaseUrl, searchPath: db.searchPath },
  ).db;
}
