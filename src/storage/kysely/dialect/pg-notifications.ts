import pg from 'pg';
import type { Notifications } from '../../ports.js';
import { groupCommit } from '../../../core/group-commit.js';
import { prepareOnUse } from './pg-prepared.js';

const RECONNECT_MS = 1000;
/** Every event this node publishes goes through this statement: prepared once per connection. */
const NOTIFY_MANY = 'select pg_notify($1, m) from unnest($2::text[]) as m';
prepareOnUse(NOTIFY_MANY);

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

/**
 * Messages published while a statement is in flight go out together in the next one, in order
 * (core/group-commit.ts; a lone message goes at once): a statement each was a round trip each,
 * one per webhook attempt while a backlog drained (two thousand `pg_notify` calls for two
 * thousand deliveries). PostgreSQL delivers one statement's notifications in the order sent but
 * folds identical payloads into one, so a statement ends before a message it already holds,
 * which goes in the next.
 */
function batchedNotify(pool: pg.Pool, channel: string): (message: string) => Promise<void> {
  const send = groupCommit<string>(async (messages) => {
    for (let from = 0; from < messages.length;) {
      const distinct = new Set<string>();
      let to = from;
      while (to < messages.length && !distinct.has(messages[to]!)) distinct.add(messages[to++]!);
      await pool.query(NOTIFY_MANY, [channel, messages.slice(from, to)]);
      from = to;
    }
  });
  return (message) => send([message]);
}
