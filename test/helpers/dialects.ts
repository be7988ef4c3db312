/**
 * Which databases the tests run against, and plain SQL on the PostgreSQL server. Imports
 * nothing from src/: the conformance tests, which treat the built CLI as a black box, use it.
 */
import pg from 'pg';

export type DialectName = 'sqlite' | 'postgres';

export const postgresUrl = (): string | undefined => process.env.PIGEONHOLE_TEST_DATABASE_URL || undefined;

/** SQLite always; PostgreSQL too when PIGEONHOLE_TEST_DATABASE_URL is set (CI sets it). */
export function dialects(): DialectName[] {
  return postgresUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** Runs one statement on its own connection (create or drop a database or schema). */
export async function adminQuery(databaseUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
