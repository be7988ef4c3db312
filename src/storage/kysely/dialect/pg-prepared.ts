import pg from 'pg';

/**
 * Named prepared statements for the reads the server makes for every message and request.
 * Kysely sends each query unnamed, so PostgreSQL parses and plans it every time: for one of the
 * per-message lookups that was 0.13-0.19 ms of PostgreSQL's CPU a query here, against 0.03 for
 * running a statement prepared once (and 0.22 against 0.12 ms of wall time). The reads built
 * once (compiled-once.ts) register their SQL here; a pool client sends a registered text as a
 * named statement, which pg prepares on the first use on each connection and only binds and
 * runs after. Only registered texts: their number is fixed, where naming every text would grow
 * each connection's statements without bound (IN lists of every length).
 *
 * A statement prepared before a schema change that alters its result (a newer node migrating
 * the database under this one) fails with "cached plan must not change result type"; that
 * connection then sends the text unnamed from then on.
 */
const names = new Map<string, string>();

/** Marks a query text for preparing; the same text always gets the same name. */
export function prepareOnUse(sql: string): void {
  if (!names.has(sql)) names.set(sql, `ph_${names.size + 1}`);
}

const CACHED_PLAN_CHANGED = '0A000';

/** Makes every client of the pool prepare the registered texts. */
export function preparingRegisteredTexts(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const stale = new Set<string>();
    // Looked up on the prototype at each call, not captured: whatever wraps Client.query (a
    // test counting round trips) still sees every query.
    const send = (...args: unknown[]) => (pg.Client.prototype.query as (...a: unknown[]) => unknown).apply(client, args);
    client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
      const name = typeof config === 'string' && Array.isArray(values) && callback === undefined ? names.get(config) : undefined;
      if (!name || stale.has(name)) return callback === undefined ? send(config, values) : send(config, values, callback);
      return (send({ name, text: config, values }) as Promise<pg.QueryResult>).catch((error: { code?: string }) => {
        if (error?.code !== CACHED_PLAN_CHANGED) throw error;
        stale.add(name);
        return send(config, values);
      });
    }) as typeof client.query;
  });
}
