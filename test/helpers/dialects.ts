/**
 * Which databases the tests run against, and plain SQL on the PostgreSQL server. Imports
 * nothing from src/: the conformance tests, which treat the built CLI as a black box, use it.
 */
import { randomBytes } from 'node:crypto';
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

/** A database of its own on the PostgreSQL server (for a `serve` process): its URL, and dropping it. */
export async function createDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(postgresUrl()!, `create database ${name}`);
  const url = new URL(postgresUrl()!);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(postgresUrl()!, `drop database if exists ${name} with (force)`) };
}
