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
  return {
    async publish(message) {
      await pool.query('select pg_notify($1, $2)', [channel, message]);
    },

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
