import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { prepareOnUse } from './dialect/pg-prepared.js';

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** for each compiled parameter, the argument it takes, or undefined for a constant of the query */
  slots: Array<number | undefined>;
}

/**
 * A read that a hot path makes on every request (the API key's lookup, getEmail's rows), built
 * and compiled once per database and then run with each call's arguments. Building and
 * compiling a Kysely query costs more than SQLite takes to run such a read (about 20 µs against
 * 15 for the key lookup), and every API request makes several.
 *
 * The query is built once with a marker in place of each argument: the compiled parameters that
 * hold a marker take that argument at each run, the others (constants of the query) stay. So
 * the SQL must not depend on the arguments' values (no IN list of them, no value that turns
 * into IS NULL), and every argument must be a bound parameter: a query that puts one into its
 * SQL text is refused when first compiled.
 */
export function compiledOnce<A extends string[], R>(build: (db: Kysely<Database>, ...args: A) => Compilable<R>) {
  const byDatabase = new WeakMap<Kysely<Database>, Compiled<R>>();
  return async (db: Kysely<Database>, ...args: A): Promise<R[]> => {
    let compiled = byDatabase.get(db);
    if (!compiled) {
      compiled = compile(db, build, args.length);
      byDatabase.set(db, compiled);
    }
    const { query, slots } = compiled;
    const parameters = query.parameters.map((constant, i) => (slots[i] === undefined ? constant : args[slots[i]!]));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}

function compile<A extends string[], R>(db: Kysely<Database>, build: (db: Kysely<Database>, ...args: A) => Compilable<R>, arity: number): Compiled<R> {
  const markers = Array.from({ length: arity }, (_, i) => `\u0000argument ${i}\u0000`);
  const query = build(db, ...(markers as A)).compile();
  const slots = query.parameters.map((value) => {
    const i = markers.indexOf(value as string);
    return i < 0 ? undefined : i;
  });
  const unbound = markers.filter((_, i) => !slots.includes(i));
  if (unbound.length > 0 || markers.some((m) => query.sql.includes(m))) {
    throw new Error(`compiledOnce: arguments ${unbound.map((m) => markers.indexOf(m)).join(', ')} are not bound parameters of: ${query.sql}`);
  }
  // On PostgreSQL these run as named prepared statements (dialect/pg-prepared.ts).
  prepareOnUse(query.sql);
  return { query, slots };
}
