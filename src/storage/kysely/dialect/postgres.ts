import pg from 'pg';
import { PostgresDialect } from 'kysely';
import { preparingRegisteredTexts } from './pg-prepared.js';

const INT8_OID = 20;

/**
 * PostgreSQL through a pg pool. Times are stored as bigint epoch milliseconds; pg
 * returns int8 as a string by default, so this pool (and only this pool: no global
 * type-parser mutation) parses it to a number. Millisecond epochs fit a double exactly.
 */
export function postgresDialect(connectionString: string, options: { searchPath?: string } = {}): { dialect: PostgresDialect; pool: pg.Pool; clientConfig: pg.ClientConfig } {
  // The same settings serve the pool and the dedicated LISTEN connection of pg-notifications.
  const clientConfig: pg.ClientConfig = {
    connectionString,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  };
  const pool = new pg.Pool({
    ...clientConfig,
    max: 10,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  preparingRegisteredTexts(pool);
  return { dialect: new PostgresDialect({ pool }), pool, clientConfig };
}
