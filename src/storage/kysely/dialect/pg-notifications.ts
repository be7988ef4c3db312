import pg from 'pg';
import type { Notifications } from '../../ports.js';

const RECONNECT_MS = 1000;

/**
 * Messages between the nodes sharing one PostgreSQL database, over LISTEN/NOTIFY. The
 * channel is per schema, so installations (or test runs) in other schemas of the same
 * database never hear each other. Publishing goes through the store's pool; listening
 * holds one dedicated connection, reopened if it drops.
 */
export function pgNotifications(
  pool: pg.Pool,
  clientConfig: pg.ClientConfig,
  schema: string,
  onError: (err: unknown) => void,
): Notifications {
  const channel = `pigeonhole_events_${schema}`.slice(0, 63);
  const send = batchedNotify(pool, channel);
  return {
    publish: send,

    async listen(handler) {
      let client: pg.Client | undefined;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      const connect = async () => {
        const next = new pg.Client(clientConfig);
        next.on('notification', (msg) => {
          if (msg.channel === channel && msg.payload !== undefined) handler(msg.payload);
        });
        next.on('error', (err) => {
          onError(err);
          reconnect(next);
        });
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        client = next;
      };
      const reconnect = (broken: pg.Client) => {
        if (stopped || client !== broken) return;
        client = undefined;
        void broken.end().catch(() => undefined);
        retry = setTimeout(() => void connect().catch((err: unknown) => {
          onError(err);
          if (!stopped) retry = setTimeout(() => void connect().catch(onError), RECONNECT_MS);
        }), RECONNECT_MS);
      };
      await connect();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        await client?.end();
      };
    },
  };
}

interface Queued { message: string; resolve(): void; reject(err: unknown): void }

/**
 * Messages published in the same turn of the event loop go in one statement, in order: a
 * statement each was a round trip each, one per webhook attempt while a backlog drained (two
 * thousand `pg_notify` calls for two thousand deliveries). PostgreSQL delivers one statement's
 * notifications in the order sent but folds identical payloads into one, so a batch ends before
 * a message it already holds, which goes in the next. Statements go one after another.
 */
function batchedNotify(pool: pg.Pool, channel: string): (message: string) => Promise<void> {
  let queue: Queued[] = [];
  let chain: Promise<void> = Promise.resolve();
  const flush = async (batch: Queued[]) => {
    while (batch.length > 0) {
      const seen = new Set<string>();
      let n = 0;
      while (n < batch.length && !seen.has(batch[n]!.message)) seen.add(batch[n++]!.message);
      const part = batch.slice(0, n);
      batch = batch.slice(n);
      try {
        await pool.query('select pg_notify($1, m) from unnest($2::text[]) as m', [channel, part.map((q) => q.message)]);
        for (const q of part) q.resolve();
      } catch (err) {
        for (const q of part) q.reject(err);
      }
    }
  };
  return (message) => new Promise<void>((resolve, reject) => {
    if (queue.length === 0) {
      setImmediate(() => {
        const batch = queue;
        queue = [];
        chain = chain.then(() => flush(batch));
      });
    }
    queue.push({ message, resolve, reject });
  });
}
