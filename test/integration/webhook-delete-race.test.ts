import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { freshDatabase, inspect, postgresUrl } from '../helpers/databases.js';
import type { WebhookAttemptOutcome, WebhookRecord } from '../../src/storage/ports.js';

/**
 * Deleting a webhook while the delivery worker records an attempt of it. On PostgreSQL the two
 * transactions lock the webhook's row and its job's row; taken in opposite orders they
 * deadlocked and deleteWebhookById answered 500. The worker's transaction is held, by a
 * trigger waiting on an advisory lock, at the worst moment: after it has written its job and
 * before it inserts the result (whose foreign-key check needs the webhook's row). The delete
 * is sent then, and the worker let go once the delete waits. SQLite runs one transaction at a
 * time, so the race exists on PostgreSQL only.
 */
const HOLD = 4242;

test('a webhook deleted while an attempt of it is being recorded: both succeed', { skip: !postgresUrl() && 'PostgreSQL only' }, async () => {
  const db = await freshDatabase('postgres');
  const watcher = new pg.Client({ connectionString: db.databaseUrl });
  await watcher.connect();
  try {
    const { repos } = db.store;
    const tenantId = randomUUID();
    const now = Date.now();
    await repos.users.create({ id: tenantId, email: `${tenantId}@example.com`, name: null, isAdmin: false, createdAt: new Date(now) });
    const webhook: WebhookRecord = {
      id: randomUUID(), tenantId, inboxId: null, phoneId: null, name: 'racing', url: 'http://127.0.0.1:9/hook', eventName: 'EMAIL_RECEIVED',
      basicAuth: null, headers: [], requestBodyTemplate: null, useStaticIpRange: false, ignoreInsecureSsl: false, tags: [],
      enabled: true, healthStatus: 'HEALTHY', createdAt: new Date(now), updatedAt: new Date(now),
    };
    await repos.webhooks.create(webhook);
    const direct = inspect(db);
    await direct.insertInto('webhook_deliveries').values({
      id: randomUUID(), tenant_id: tenantId, webhook_id: webhook.id, message_id: randomUUID(), event_name: 'EMAIL_RECEIVED', payload: '{}',
      inbox_id: null, email_id: null, attachment_id: null, state: 'pending', attempts: 0, next_attempt_at: now, lease_token: null,
      lease_until: null, window_start: now, redrive_of: null, created_at: now, updated_at: now,
    }).execute();
    await direct.destroy();
    const [claim] = await repos.webhooks.claimDue(now, 10, 60_000);
    assert.ok(claim, 'the job is claimed');

    const schema = db.searchPath!;
    await watcher.query(`create function ${schema}.hold_result() returns trigger language plpgsql as $$
      begin perform pg_advisory_lock(${HOLD}); perform pg_advisory_unlock(${HOLD}); return new; end $$`);
    await watcher.query(`create trigger hold_result before insert on ${schema}.webhook_results for each row execute function ${schema}.hold_result()`);
    await watcher.query('select pg_advisory_lock($1)', [HOLD]);

    const outcome: WebhookAttemptOutcome = {
      result: {
        id: randomUUID(), tenantId, webhookId: webhook.id, deliveryId: claim.id, messageId: claim.messageId, redriveId: null,
        webhookUrl: webhook.url, httpMethod: 'POST', eventName: 'EMAIL_RECEIVED', responseStatus: 200, responseTimeMillis: 3,
        responseBodyExtract: null, error: null, resultType: 'SUCCESS', inboxId: null, emailId: null, attachmentId: null, phoneId: null, smsId: null, createdAt: new Date(now),
      },
      next: { state: 'delivered' },
      disableWebhook: false,
    };
    const recording = repos.webhooks.complete(claim, outcome, now).then(() => 'recorded', (err: Error) => err);
    const worker = await waitForRow(watcher, 'select pid from pg_locks where locktype = \'advisory\' and objid = $1 and not granted', [HOLD]);
    const deleting = repos.webhooks.delete(tenantId, webhook.id).then((deleted) => deleted, (err: Error) => err);
    await waitForRow(watcher, 'select pid from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [worker.pid]);
    await watcher.query('select pg_advisory_unlock($1)', [HOLD]);

    assert.equal(await recording, 'recorded', 'the attempt is recorded (or finds its webhook gone) without an error');
    assert.equal(await deleting, true, 'the delete goes through');
    assert.equal(await repos.webhooks.find(tenantId, webhook.id), undefined, 'the webhook is gone');
    assert.equal(await repos.webhooks.countResults(tenantId, {}), 0, 'its results went with it');
  } finally {
    await watcher.end();
    await db.cleanup();
  }
});

/** Waits until `sql` finds a row: the lock states this test sets up, observed on the server. */
async function waitForRow(watcher: pg.Client, sql: string, values: unknown[]): Promise<{ pid: number }> {
  for (;;) {
    const { rows } = await watcher.query<{ pid: number }>(sql, values);
    if (rows[0]) return rows[0];
    await new Promise((resolve) => setImmediate(resolve));
  }
}
