import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Store } from '../../src/storage/ports.js';
import type { Kysely } from 'kysely';
import { openDatabase, openStore } from '../../src/storage/kysely/database.js';
import type { Database } from '../../src/storage/schema.js';

export type DialectName = 'sqlite' | 'postgres';

/** Every listener on a free port, so tests never collide with each other or a running service. */
export const EPHEMERAL_PORTS = {
  PIGEONHOLE_HTTP_PORT: '0',
  PIGEONHOLE_SMTP_PORT: '0',
  PIGEONHOLE_SMTPS_PORT: '0',
  PIGEONHOLE_IMAP_PORT: '0',
  PIGEONHOLE_IMAPS_PORT: '0',
} as const;

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

export const postgresUrl = (): string | undefined => process.env.PIGEONHOLE_TEST_DATABASE_URL || undefined;

/** SQLite always; PostgreSQL too when PIGEONHOLE_TEST_DATABASE_URL is set (CI sets it). */
export function dialects(): DialectName[] {
  return postgresUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
}

export async function freshDatabase(dialect: DialectName): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), `pigeonhole-test-${dialect}-`));
  if (dialect === 'sqlite') {
    const store = await openStore({ sqliteFile: join(dataDir, 'pigeonhole.db') });
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
  await adminQuery(databaseUrl, `create schema ${schema}`);
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

export async function adminQuery(databaseUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A second, direct Kysely handle on a test database, for assertions on what is stored. */
export function inspect(db: TestDatabase): Kysely<Database> {
  return openDatabase(
    db.dialect === 'sqlite'
      ? { sqliteFile: join(db.dataDir, 'pigeonhole.db') }
      : { databaseUrl: db.databaseUrl, searchPath: db.searchPath },
  ).db;
}
