/**
 * Fresh test databases opened through the storage layer (src/storage/kysely). For the
 * integration tests only: the conformance tests must not import src/, so what needs no
 * storage lives in dialects.ts and ports.ts (re-exported here for the integration tests).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
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

/** A second, direct Kysely handle on a test database, for assertions on what is stored. */
export function inspect(db: TestDatabase): Kysely<Database> {
  return openDatabase(
    db.dialect === 'sqlite'
      ? { sqliteFile: join(db.dataDir, 'pigeonhole.db') }
      : { databaseUrl: db.databaseUrl, searchPath: db.searchPath },
  ).db;
}
