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
import { sendQueueRepository } from '../../src/storage/kysely/send-queue-repository.js';
import { automationJobRepository } from '../../src/storage/kysely/automation-job-repository.js';
import { targetLimits } from '../../src/jobs/webhook-delivery.js';

/**
 * A claim takes the soonest due jobs of a backlog without reading the rest of it. Workers claim
 * a few jobs at a time (the webhook worker: a target's limit), so a claim that read every due
 * job, or every version of the jobs that had been in flight, made draining a backlog quadratic:
 * on PostgreSQL, 2,000 webhook deliveries in, a claim cost 5-8 ms and the drain slowed to a crawl.
 * The backlog here is a fresh table's (PostgreSQL's planner has no statistics for it yet, as
 * after any burst shorter than autovacuum's minute), with half its jobs already done, leaving
 * the dead row versions a drain leaves. Each queue's claim runs with its statements captured,
 * and they are explained with its settings: every read of the jobs stops near the claim's size.
 */
const BACKLOG = 3000;
const DONE = 1500;
const LIMIT = 16;

type Table = 'webhook_deliveries' | 'send_queue' | 'automation_jobs';
interface Queue {
  /** the columns of a job beyond the lease columns every queue has */
  row(tenantId: string, webhookId: string, now: number): Record<string, unknown>;
  /** the state of a job run to its end */
  done: string;
  claim(db: Kysely<Database>, now: number): Promise<Array<{ id: string }>>;
}

const QUEUES: Record<Table, Queue> = {
  webhook_deliveries: {
    row: (tenantId, webhookId, now) => ({
      tenant_id: tenantId, webhook_id: webhookId, message_id: randomUUID(), event_name: 'EMAIL_RECEIVED', payload: '{}',
      inbox_id: null, email_id: null, attachment_id: null, window_start: now, redrive_of: null,
    }),
    done: 'delivered',
    // as the worker claims: through a target's limit
    claim: (db, now) => webhookRepository(db).claimDue(now, LIMIT, 60_000, targetLimits(LIMIT).filter()),
  },
  send_queue: {
    row: (tenantId) => ({ tenant_id: tenantId, inbox_id: randomUUID(), subject: null, options_json: '{}', sent_email_id: null, error_name: null, error_message: null }),
    done: 'sent',
    claim: (db, now) => sendQueueRepository(db).claimDue(now, LIMIT, 60_000),
  },
  automation_jobs: {
    row: (tenantId) => ({
      tenant_id: tenantId, kind: 'forward', subject_id: null, inbox_id: null, email_id: null, payload_json: null, result_json: null, error_message: null,
    }),
    done: 'done',
    claim: (db, now) => automationJobRepository(db).claimDue(now, LIMIT, 60_000),
  },
};

for (const dialect of dialects()) {
  for (const [table, queue] of Object.entries(QUEUES) as Array<[Table, Queue]>) {
    test(`${dialect}: a claim of ${table} reads the first due jobs of a backlog, not the backlog`, async () => {
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
        const ids = await fillBacklog(db, table, queue, now);
        const claimed = await queue.claim(logged, now);
        // the soonest due first: the backlog's jobs fell due one millisecond apart
        assert.deepEqual(claimed.map((c) => c.id).sort(), ids.slice(DONE, DONE + LIMIT).sort(), 'the soonest due jobs, a full claim');

        const reads = statements.filter((s) => /^select\b/i.test(s.sql) && s.sql.includes(`from "${table}"`));
        assert.ok(reads.length >= 2, `the look and the claim's read were captured (${reads.length})`);
        if (dialect === 'postgres') await explainOnPostgres(db, table, statements, reads);
        else explainOnSqlite(db, table, reads);
      } finally {
        await logged.destroy();
        await db.cleanup();
      }
    });
  }
}

/** BACKLOG jobs due one millisecond apart; the first DONE of them leased, then run to their end. Answers the ids in due order. */
async function fillBacklog(db: TestDatabase, table: Table, queue: Queue, now: number): Promise<string[]> {
  const { repos } = db.store;
  const tenantId = randomUUID();
  await repos.users.create({ id: tenantId, email: `${tenantId}@example.com`, name: null, isAdmin: false, createdAt: new Date(now) });
  const webhook: WebhookRecord = {
    id: randomUUID(), tenantId, inboxId: null, phoneId: null, name: 'backlog', url: 'http://127.0.0.1:9/hook', eventName: 'EMAIL_RECEIVED',
    basicAuth: null, headers: [], requestBodyTemplate: null, useStaticIpRange: false, ignoreInsecureSsl: false, tags: [],
    enabled: true, healthStatus: 'HEALTHY', createdAt: new Date(now), updatedAt: new Date(now),
  };
  await repos.webhooks.create(webhook);
  // one query shape for the three tables, through their shared lease columns
  const direct = inspect(db) as unknown as Kysely<Record<Table, Record<string, unknown>>>;
  try {
    const rows = Array.from({ length: BACKLOG }, (_, i) => ({
      ...queue.row(tenantId, webhook.id, now), id: randomUUID(), state: 'pending', attempts: 0, next_attempt_at: now - BACKLOG + i,
      lease_token: null, lease_until: null, created_at: now, updated_at: now,
    }));
    for (let at = 0; at < rows.length; at += 500) await direct.insertInto(table).values(rows.slice(at, at + 500)).execute();
    const done = rows.slice(0, DONE).map((r) => r.id);
    for (let at = 0; at < done.length; at += 500) {
      const ids = done.slice(at, at + 500);
      await direct.updateTable(table).set({ state: 'inflight', lease_token: 'gone', lease_until: now + 60_000 }).where('id', 'in', ids).execute();
      await direct.updateTable(table).set({ state: queue.done, lease_token: null, lease_until: null, attempts: 1 }).where('id', 'in', ids).execute();
    }
    return rows.map((r) => r.id);
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
 * the captured BEGIN statement carries. The rows each step of the plan touched in the jobs
 * (index entries included: dead versions count) stay within a few claims' worth.
 */
async function explainOnPostgres(db: TestDatabase, table: Table, statements: Array<{ sql: string; parameters: readonly unknown[] }>, reads: typeof statements): Promise<void> {
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
        const onJobs = node['Relation Name'] === table || node['Index Name']?.startsWith(`${table}_`);
        if (!onJobs) continue;
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
function explainOnSqlite(db: TestDatabase, table: Table, reads: Array<{ sql: string; parameters: readonly unknown[] }>): void {
  const file = new BetterSqlite(join(db.dataDir, 'pigeonhole.db'), { readonly: true });
  try {
    for (const read of reads) {
      const plan = file.prepare(`explain query plan ${read.sql}`).all(...read.parameters) as Array<{ detail: string }>;
      const details = plan.map((p) => p.detail);
      assert.ok(!details.some((d) => /TEMP B-TREE FOR ORDER BY/.test(d)), `no read sorts the due jobs: ${details.join('; ')}`);
      assert.ok(!details.some((d) => d.startsWith(`SCAN ${table}`)), `no read scans every job: ${details.join('; ')}`);
    }
  } finally {
    file.close();
  }
}
