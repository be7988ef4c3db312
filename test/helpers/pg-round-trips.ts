import pg from 'pg';

/**
 * The round trips node-postgres makes while `work` runs (each is one `Client.query`), and the
 * error `work` threw, if any. Nothing else may use PostgreSQL meanwhile in this process.
 */
export async function pgRoundTripsDuring(work: () => Promise<unknown>): Promise<{ count: number; error?: unknown }> {
  const query = pg.Client.prototype.query;
  let count = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    count++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await work();
    return { count };
  } catch (error) {
    return { count, error };
  } finally {
    pg.Client.prototype.query = query;
  }
}
