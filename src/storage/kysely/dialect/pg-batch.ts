import pg from 'pg';
import type { CompiledQuery } from 'kysely';

/**
 * Several statements in one round trip to PostgreSQL.
 *
 * node-postgres sends each parameterized query as its own Parse/Bind/Execute/Sync exchange and
 * waits for its answer: it cannot pipeline. A query without parameters goes as one simple-query
 * message, which may hold any number of statements separated by semicolons, and PostgreSQL
 * answers all of them in one reply. So a batch is Kysely's compiled statements with their
 * parameters written into the SQL as literals, joined. (PostgreSQL's own pipeline mode would
 * keep the parameters bound; no maintained Node driver offers it on this pool.)
 *
 * A literal here is exactly the text node-postgres would have sent as that parameter
 * (`pg.utils.prepareValue`: arrays as array literals, objects as JSON, dates in ISO form),
 * quoted, so PostgreSQL gives it the type the statement's context gives an untyped parameter;
 * a Buffer becomes a bytea hex literal.
 *
 * In a batch that begins with BEGIN the transaction stays open after the reply; a statement
 * that fails aborts the rest of its batch and leaves the transaction failed, for the caller to
 * roll back.
 */
export async function runPgBatch(client: pg.ClientBase, statements: ReadonlyArray<CompiledQuery | string>): Promise<pg.QueryResult[]> {
  const text = statements.map((s) => (typeof s === 'string' ? s : inlineParameters(s))).join(';\n');
  // one statement gives one result, several an array of them
  const result = (await client.query(text)) as pg.QueryResult | pg.QueryResult[];
  return Array.isArray(result) ? result : [result];
}

/** The statement with each `$n` replaced by its parameter as a literal. */
export function inlineParameters(query: CompiledQuery): string {
  const { sql, parameters } = query;
  if (parameters.length === 0) return sql;
  let out = '';
  let from = 0;
  // `$n` outside quotes only: the text of a quoted literal or identifier is left as it is
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      // to the closing quote; a doubled quote inside continues the same quoted text
      let end = sql.indexOf(c, i + 1);
      while (end >= 0 && sql[end + 1] === c) end = sql.indexOf(c, end + 2);
      if (end < 0) throw new Error(`inlineParameters: unterminated ${c} in: ${sql}`);
      i = end;
      continue;
    }
    if (c !== '$') continue;
    const digits = /^\d+/.exec(sql.slice(i + 1, i + 12));
    if (!digits) throw new Error(`inlineParameters: a $ that is not a parameter in: ${sql}`);
    const index = Number(digits[0]) - 1;
    if (index < 0 || index >= parameters.length) throw new Error(`inlineParameters: no parameter $${digits[0]} in: ${sql}`);
    out += sql.slice(from, i) + pgLiteral(parameters[index]);
    i += digits[0].length;
    from = i + 1;
  }
  return out + sql.slice(from);
}

/** A value as the SQL literal PostgreSQL reads as node-postgres's parameter text for it. */
export function pgLiteral(value: unknown): string {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`pgLiteral: ${value} is not a finite number`);
  const prepared = (pg as unknown as { utils: { prepareValue(v: unknown): string | Buffer | null } }).utils.prepareValue(value);
  if (prepared === null) return 'NULL';
  // a bytea in hex form; E'' reads the backslash the same whatever standard_conforming_strings says
  if (Buffer.isBuffer(prepared)) return `E'\\\\x${prepared.toString('hex')}'`;
  return quote(prepared);
}

/**
 * A quoted string literal. Without a backslash, '' with quotes doubled reads the same under
 * either standard_conforming_strings; with one, E'' with backslashes doubled too.
 * (pg.escapeLiteral does the same a character at a time, slow for mail bodies.)
 */
function quote(text: string): string {
  const quoted = text.includes("'") ? text.replace(/'/g, "''") : text;
  if (!text.includes('\\')) return `'${quoted}'`;
  // the space keeps the E from running into a word the placeholder followed
  return ` E'${quoted.replace(/\\/g, '\\\\')}'`;
}
