import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import BetterSqlite from 'better-sqlite3';
import { Kysely, type LogEvent } from 'kysely';
import { dialects, freshDatabase, inspect, type TestDatabase } from '../helpers/databases.js';
import type { Database } from '../../src/storage/schema.js';
import type { WebhookRecord } from '../../src/storage/ports.js';
import { postgresDialect } from '../../src/storage/kysely/dialect/postgres.js';
import { sqliteDialect } from '../../src/storage/kysely/dialect/sqlite.js';
import { webhookRepository } from '../../src/storage/kysely/webhook-repository.js';
import { targetLimits } from '../../src/jobs/webhook-delivery.js';

/**
 * A claim takes the soonest due deliveries of a backlog without reading the rest of it. The
 * worker claims a few jobs at a time (a target's limit), so a claim that read every due job, or
 * every version of the jobs that had been in flight, made draining a backlog quadratic: on
 * PostgreSQL, 2,000 deliveries in, a claim cost 5-8 ms and the drain slowed to a crawl. The
 * backlog here is a fresh table's (PostgreSQL's planner has no statistics for it yet, as after
 * any burst shorter than autovacuum's minute), with half its jobs already delivered, leaving the
 * dead row versions a drain leaves. The claim's own statements, captured as it runs, are
 * explained with its settings: every read of the deliveries stops near the claim's size.
 */
const BACKLOG = 3000;
const DELIVERED = 1500;
const LIMIT = 16;

for (const dialect of dialects()) {
  test(`${dialect}: a claim reads the first due deliveries of a backlog, not the backlog`, async () => {
    const db = await freshDatabase(dialect);
    const statements: Array<{ sql: string; parameters: readonly unknown[] }> = [];
    const logged = new Kysely<Database>({
      dialect: dialect === 'postgres'
        ? postgresDialect(db.databaseUrl!, { searchPath: db.searchPath }).dialect
        : sqliteDialect(join(db.dataDir, 'pigeonhole.db')),
      log: (event: LogEvent) => {
        if (event.level === 'query') statements.push({ sql: event.query.sql, parameters: event.query.parameters });
      },
    });
    try {
      const now = Date.now();
      await fillBacklog(db, now);
      const claimed = await webhookRepository(logged).claimDue(now, LIMIT, 60_000, targetLimits(LIMIT).filter());
      assert.equal(claimed.length, LIMIT, 'a full claim');
      // the soonest due first: the backlog's undelivered jobs fell due one millisecond apart
      assert.deepEqual(claimed.map((c) => c.messageId).sort(), Array.from({ length: LIMIT }, (_, i) => `m${DELIVERED + i}`).sort());

      const reads = statements.filter((s) => /^select\b/i.test(s.sql) && /\bfrom "webhook_deliveries"/.test(s.sql));
      assert.ok(reads.length >= 2, `the look and the claim's read were captured (${reads.length})`);
      if (dialect === 'postgres') await explainOnPostgres(db, statements, reads);
      else explainOnSqlite(db, reads);
    } finally {
      await logged.destroy();
      await db.cleanup();
    }
  });
}

async function fillBacklog(db: TestDatabase, now: number): Promise<void> {
  const { repos } = db.store;
  const tenantId = randomUUID();
  await repos.users.create({ id: tenantId, email: `${tenantId}@example.com`, name: null, isAdmin: false, createdAt: new Date(now) });
  const webhook: WebhookRecord = {
    id: randomUUID(), tenantId, inboxId: null, phoneId: null, name: 'backlog', url: 'http://127.0.0.1:9/hook', eventName: 'EMAIL_RECEIVED',
    basicAuth: null, headers: [], requestBodyTemplate: null, useStaticIpRange: false, ignoreInsecureSsl: false, tags: [],
    enabled: true, healthStatus: 'HEALTHY', createdAt: new Date(now), updatedAt: new Date(now),
  };
  await repos.webhooks.create(webhook);
  const direct = inspect(db);
  try {
    const rows = Array.from({ length: BACKLOG }, (_, i) => ({
      id: randomUUID(), tenant_id: tenantId, webhook_id: webhook.id, message_id: `m${i}`, event_name: 'EMAIL_RECEIVED', payload: '{}',
      inbox_id: null, email_id: null, attachment_id: null, state: 'pending', attempts: 0, next_attempt_at: now - BACKLOG + i,
      lease_token: null, lease_until: null, window_start: now, redrive_of: null, created_at: now, updated_at: now,
    }));
    for (let at = 0; at < rows.length; at += 500) await direct.insertInto('webhook_deliveries').values(rows.slice(at, at + 500)).execute();
    // The first half went through a worker: leased, then delivered, as a drain leaves them.
    const first = rows.slice(0, DELIVERED).map((r) => r.id);
    for (let at = 0; at < first.length; at += 500) {
      const ids = first.slice(at, at + 500);
      await direct.updateTable('webhook_deliveries').set({ state: 'inflight', lease_token: 'gone', lease_until: now + 60_000 }).where('id', 'in', ids).execute();
      await direct.updateTable('webhook_deliveries').set({ state: 'delivered', lease_token: null, lease_until: null, attempts: 1 }).where('id', 'in', ids).execute();
    }
  } finally {
    await direct.destroy();
  }
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];

/**
 * Each captured read explained (ANALYZE: as run) in the claim's own transaction settings, which
 * the captured BEGIN statement carries. The rows each step of the plan touched in the deliveries
 * (index entries included: dead versions count) stay within a few claims' worth.
 */
async function explainOnPostgres(db: TestDatabase, statements: Array<{ sql: string; parameters: readonly unknown[] }>, reads: typeof statements): Promise<void> {
  const client = new pg.Client({ connectionString: db.databaseUrl, options: `-c search_path=${db.searchPath}` });
  await client.connect();
  try {
    for (const statement of statements) {
      if (/^begin\b/i.test(statement.sql)) {
        await client.query(statement.sql);
        continue;
      }
      if (!reads.includes(statement)) continue;
      const result = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
        `explain (analyze, format json) ${statement.sql}`, [...statement.parameters]);
      const nodes = planNodes(result.rows[0]!['QUERY PLAN'][0]!.Plan);
      assert.ok(!nodes.some((n) => n['Node Type'] === 'Sort'), `no read sorts the due jobs: ${statement.sql}`);
      for (const node of nodes) {
        const onDeliveries = node['Relation Name'] === 'webhook_deliveries' || node['Index Name']?.startsWith('webhook_deliveries');
        if (!onDeliveries) continue;
        const touched = node['Actual Rows'] * node['Actual Loops'] + (node['Rows Removed by Filter'] ?? 0);
        assert.ok(touched <= LIMIT * 8, `${node['Node Type']} on ${node['Index Name'] ?? node['Relation Name']} touched ${touched} rows of a ${BACKLOG}-job backlog: ${statement.sql}`);
      }
    }
    await client.query('rollback');
  } finally {
    await client.end();
  }
}

/** SQLite updates rows in place; what matters is the order: the due index read in order, no sort of the due jobs. */
function explainOnSqlite(db: TestDatabase, reads: Array<{ sql: string; parameters: readonly unknown[] }>): void {
  const file = new BetterSqlite(join(db.dataDir, 'pigeonhole.db'), { readonly: true });
  try {
    for (const read of reads) {
      const plan = file.prepare(`explain query plan ${read.sql}`).all(...read.parameters) as Array<{ detail: string }>;
      const details = plan.map((p) => p.detail);
      assert.ok(!details.some((d) => /TEMP B-TREE FOR ORDER BY/.test(d)), `no read sorts the due jobs: ${details.join('; ')}`);
      assert.ok(!details.some((d) => /^SCAN webhook_deliveries\b/.test(d)), `no read scans every delivery: ${details.join('; ')}`);
    }
  } finally {
    file.close();
  }
}
