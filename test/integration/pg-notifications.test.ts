import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once, EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import { postgresDialect } from '../../src/storage/kysely/dialect/postgres.js';
import { pgNotifications } from '../../src/storage/kysely/dialect/pg-notifications.js';
import { postgresUrl } from '../helpers/databases.js';

/**
 * The messages between nodes (PostgreSQL LISTEN/NOTIFY): many published in one turn of the
 * event loop go out together, each arrives once and in order, and two identical messages both
 * arrive (PostgreSQL folds identical payloads of one statement into one).
 */
test('messages published together all arrive, in order, duplicates included', { timeout: 20_000, skip: postgresUrl() ? false : 'PostgreSQL only (PIGEONHOLE_TEST_DATABASE_URL)' }, async (t) => {
  const { pool, clientConfig } = postgresDialect(postgresUrl()!);
  const errors: unknown[] = [];
  const notifications = pgNotifications(pool, clientConfig, `notify_test_${randomBytes(4).toString('hex')}`, (err) => errors.push(err));
  const received: string[] = [];
  const arrived = new EventEmitter();
  const stop = await notifications.listen((message) => {
    received.push(message);
    arrived.emit('message');
  });
  t.after(async () => {
    await stop();
    await pool.end();
  });

  const sent = [...Array.from({ length: 50 }, (_, i) => `event ${i}`), 'same', 'same', 'event 50', 'same'];
  const all = once(arrived, 'all');
  arrived.on('message', () => {
    if (received.length === sent.length) arrived.emit('all');
  });
  await Promise.all(sent.map((m) => notifications.publish(m)));
  await all;
  assert.deepEqual(received, sent);
  assert.deepEqual(errors, []);

  // and one on its own, later
  const later = once(arrived, 'message');
  await notifications.publish('alone');
  await later;
  assert.equal(received.at(-1), 'alone');
});
