import { join } from 'node:path';
import { Kysely, Migrator, PostgresAdapter, sql, type Dialect } from 'kysely';
import type { Database } from '../schema.js';
import { migrations } from '../migrations/index.js';
import type { Store } from '../ports.js';
import { sqliteDialect } from './dialect/sqlite.js';
import { postgresDialect } from './dialect/postgres.js';
import { pgNotifications } from './dialect/pg-notifications.js';
import { createRepositories } from './repositories.js';
import { ingestWriter, onIngestPath } from './ingest-writer.js';

export interface StoreOptions {
  /** postgres:// URL; undefined means SQLite at `sqliteFile` */
  databaseUrl?: string;
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests give each run its own) */
  searchPath?: string;
  /** errors of background connections (the LISTEN connection reconnects by itself) */
  onBackgroundError?: (err: unknown) => void;
}

export const sqliteFileIn = (dataDir: string) => join(dataDir, 'pigeonhole.db');

export function openDatabase(options: StoreOptions): { db: Kysely<Database>; dialect: Store['dialect']; postgres?: Omit<ReturnType<typeof postgresDialect>, 'dialect'> } {
  let dialect: Dialect;
  let name: Store['dialect'];
  let postgres: Omit<ReturnType<typeof postgresDialect>, 'dialect'> | undefined;
  if (options.databaseUrl) {
    const opened = postgresDialect(options.databaseUrl, { searchPath: options.searchPath });
    dialect = opened.dialect;
    postgres = { pool: opened.pool, clientConfig: opened.clientConfig };
    name = 'postgres';
  } else {
    if (!options.sqliteFile) throw new Error('openDatabase needs a databaseUrl or a sqliteFile');
    dialect = sqliteDialect(options.sqliteFile);
    name = 'sqlite';
  }
  return { db: new Kysely<Database>({ dialect }), dialect: name, postgres };
}

/** How often a migration run that lost a race with another schema's removal is tried again. */
const INTROSPECTION_ATTEMPTS = 3;

/**
 * Kysely's migrator looks for its tables by introspecting every table of every schema. A
 * schema another installation (or test run) drops at that moment makes the introspection
 * fail for a schema that is not ours: invalid_schema_name (3F000), or, when the table is gone
 * while its columns are read (pg_get_serial_sequence), undefined_column (42703) or
 * undefined_table (42P01). Only retried when no migration ran: the run changed nothing yet.
 */
const INTROSPECTION_RACE_CODES = new Set(['3F000', '42703', '42P01']);
const lostIntrospectionRace = (error: unknown) => INTROSPECTION_RACE_CODES.has((error as { code?: string } | undefined)?.code ?? '');

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: await postgresSchemaOf(db),
  });
  let outcome = await migrator.migrateToLatest();
  for (let attempt = 1; attempt < INTROSPECTION_ATTEMPTS && lostIntrospectionRace(outcome.error) && !outcome.results?.length; attempt++) {
    outcome = await migrator.migrateToLatest();
  }
  const { error, results } = outcome;
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * The PostgreSQL schema this connection works in (its search_path), undefined on SQLite.
 * Fix: without it Kysely's Migrator looks for its kysely_migration tables in *every*
 * schema of the database, so a database where another schema already has them (a
 * second Pigeonhole, another Kysely app, parallel test runs) was never given its own
 * and migrating failed with 'relation "kysely_migration_lock" does not exist'.
 */
async function postgresSchemaOf(db: Kysely<Database>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

/** Opens the database, brings its schema up to date and returns the Store. */
export async function openStore(options: StoreOptions): Promise<Store> {
  const { db, dialect, postgres } = openDatabase(options);
  let notifications: Store['notifications'];
  try {
    await migrateToLatest(db);
    if (postgres) {
      const schema = (await postgresSchemaOf(db)) ?? 'public';
      notifications = pgNotifications(postgres.pool, postgres.clientConfig, schema, options.onBackgroundError ?? (() => undefined));
    }
  } catch (err) {
    await db.destroy();
    throw err;
  }
  const repos = createRepositories(db, { pgPool: postgres?.pool });
  // SQLite: incoming mail is written on a thread of its own, so fsyncs do not stall the event loop.
  const writer = dialect === 'sqlite' && options.sqliteFile !== ':memory:' ? ingestWriter(options.sqliteFile!) : undefined;
  return {
    dialect,
    repos: onIngestPath(repos, writer),
    notifications,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      await writer?.close();
      await db.destroy();
    },
  };
}
