/**
 * Fresh test databases opened through the storage layer (src/storage/kysely). For the
 * integration tests only: the conformance tests must not import src/, so what needs no
 * storage lives in dialects.ts and ports.ts (re-exported here for the integration tests).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
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

/**
 * Where migrated templates are kept between test processes (`npm test` runs each test file in a
 * process of its own, most of which start only a server or two), named by a hash of what makes
 * the schema: every migration and the code that runs them. A change to either makes new ones.
 */
const TEMPLATE_DIR = join(tmpdir(), 'pigeonhole-test-templates');
const SCHEMA_SOURCES = [
  fileURLToPath(new URL('../../src/storage/migrations/', import.meta.url)),
  fileURLToPath(new URL('../../src/storage/kysely/database.ts', import.meta.url)),
];

let schemaHash: string | undefined;
function migrationsHash(): string {
  if (schemaHash) return schemaHash;
  const hash = createHash('sha256');
  for (const source of SCHEMA_SOURCES) {
    const files = statSync(source).isDirectory() ? readdirSync(source).sort().map((name) => join(source, name)) : [source];
    for (const file of files) hash.update(file).update(readFileSync(file));
  }
  return (schemaHash = hash.digest('hex').slice(0, 16));
}

/** Writes beside and renames into place: a process reading the template never sees half of it. */
function publish(file: string, write: (temporary: string) => void): void {
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  write(temporary);
  renameSync(temporary, file);
}

let sqliteTemplate: Promise<string> | undefined;

/**
 * A migrated, empty SQLite file: each fresh SQLite database is a copy of it (running every
 * migration took about half a second of each test server's start). Opening the copy runs the
 * migrator all the same, which finds nothing to do.
 */
function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const template = join(TEMPLATE_DIR, `sqlite-${migrationsHash()}.db`);
    if (existsSync(template)) return template;
    const dir = mkdtempSync(join(tmpdir(), 'pigeonhole-test-template-'));
    try {
      const file = join(dir, 'pigeonhole.db');
      await (await openStore({ sqliteFile: file })).close();
      // closed cleanly, SQLite leaves no write-ahead log: the file is the whole database
      if (existsSync(`${file}-wal`)) throw new Error('the migrated SQLite template left a write-ahead log behind');
      publish(template, (temporary) => copyFileSync(file, temporary));
      return template;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  })();
  return sqliteTemplate;
}

const SCHEMA_PLACEHOLDER = '__pigeonhole_test_schema__';
let postgresScript: Promise<string | null> | undefined;

/**
 * A migrated, empty PostgreSQL schema as the SQL that makes it (pg_dump of a schema migrated
 * once, its name replaced by a placeholder): a fresh schema is that script run as one
 * statement, where migrating took one transaction per migration (a second or two of each test
 * server's start). Opening the store on it runs the migrator all the same, which finds the
 * migrations recorded. Null without pg_dump: each schema is migrated then.
 */
function migratedPostgresScript(databaseUrl: string): Promise<string | null> {
  postgresScript ??= (async () => {
    const kept = join(TEMPLATE_DIR, `postgres-${migrationsHash()}.sql`);
    if (existsSync(kept)) return readFileSync(kept, 'utf8');
    const template = `ph_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(databaseUrl, `create schema ${template}`);
    try {
      await (await openStore({ databaseUrl, searchPath: template })).close();
      const dump = spawnSync('pg_dump', ['--dbname', databaseUrl, '--schema', template, '--inserts', '--no-owner', '--no-privileges'], { encoding: 'utf8' });
      if (dump.status !== 0 || !dump.stdout) return null;
      const script = dump.stdout
        .split('\n')
        .filter((line) => !line.startsWith('\\')) // psql's meta-commands (\restrict): not SQL
        .join('\n')
        .replace(new RegExp(`\\b${template}\\b`, 'g'), SCHEMA_PLACEHOLDER);
      publish(kept, (temporary) => writeFileSync(temporary, script));
      return script;
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
