/**
 * Ingest looks up the threads of a whole group's Message-IDs and References at once
 * (storage/kysely/threading.ts storedThreadRows). That lookup must go through the
 * (tenant, Message-ID) index however long the candidate list: SQLite once chose the
 * (tenant, thread) index for a long list, reading every email of the tenant for every group,
 * so ingest slowed as a tenant's store grew (0.6 s a group at 240k emails). PostgreSQL with no
 * statistics (a new table, or autovacuum off) did the same through the (tenant, thread) and
 * (tenant, created) indexes (0.5 s a group at 470k emails).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { CompiledQuery, sql } from 'kysely';
import { describeEachDialect } from '../helpers/server.js';
import { incomingCopy, tenantWithInboxes } from '../helpers/storage-fixtures.js';
import { freshDatabase, inspect, type TestDatabase } from '../helpers/databases.js';
import { storedThreadRowsQuery } from '../../src/storage/kysely/threading.js';

describeEachDialect('thread lookup at ingest', (dialect) => {
  let db: TestDatabase;
  before(async () => {
    db = await freshDatabase(dialect);
  });
  after(() => db.cleanup());

  test('a group\'s 500 candidate Message-IDs are looked up by the Message-ID index, not by reading the tenant\'s mail', async () => {
    const { inboxes: [inbox] } = await tenantWithInboxes(db.store.repos, 1, new Date(Date.UTC(2026, 0, 1)));
    for (let done = 0; done < 1_000; done += 500) {
      await db.store.repos.emails.storeIncoming(Array.from({ length: 500 }, (_, i) => {
        const n = done + i;
        return incomingCopy(inbox!, `Message-ID: <m${n}@x>\r\n\r\nbody ${n}`, new Date(Date.UTC(2026, 0, 1, 0, 0, 0, n)), `<m${n}@x>`);
      }));
    }
    const direct = inspect(db);
    try {
      // PostgreSQL: no statistics, as on a new table or with autovacuum off, where it went wrong
      if (dialect === 'sqlite') await sql`analyze`.execute(direct);
      if (dialect === 'sqlite') {
        // The statistics SQLite's `pragma optimize` wrote for a store of 240,000 emails: 100,000
        // rows sampled, 658 a tenant on average. Written here, as SQLite documents for testing
        // plans, since this test's store is far smaller than the one the plan went wrong on.
        await sql`delete from sqlite_stat1 where tbl = 'emails'`.execute(direct);
        for (const [index, stat] of [
          ['emails_tenant_thread', '100000 658 1'], ['emails_tenant_message', '100000 658 1'], ['emails_tenant_created', '100000 658 1 1'],
          ['emails_tenant_inbox_created', '100000 658 658 1 1'], ['emails_thread', '100000 1 1 1'], ['sqlite_autoindex_emails_1', '100000 1'],
        ]) await sql`insert into sqlite_stat1 (tbl, idx, stat) values ('emails', ${index}, ${stat})`.execute(direct);
        await sql`analyze sqlite_schema`.execute(direct);
      }
      const candidates = Array.from({ length: 500 }, (_, i) => `<new${i}@x>`);
      const query = storedThreadRowsQuery(direct, inbox!.tenantId, candidates).compile();
      const plan = dialect === 'sqlite'
        ? (await direct.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]))).rows.map((r) => r.detail).join('\n')
        // a table this small is read whole by PostgreSQL whatever the query: which index it takes when it must take one
        : await direct.connection().execute(async (c) => {
          await sql`set enable_seqscan = off`.execute(c);
          const { rows } = await c.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
          await sql`reset enable_seqscan`.execute(c);
          return rows.map((r) => r['QUERY PLAN']).join('\n');
        });
      // (sent_emails holds nothing here: any of its indexes reads nothing)
      assert.doesNotMatch(plan, /(?<![a-z_])emails_tenant_(thread|created|inbox_created)|SCAN emails|Seq Scan on emails/, plan);
      assert.match(plan, /(?<![a-z_])emails_tenant_message/, plan);
      // and the lookup still finds what is stored: a candidate that exists comes back with its thread
      const found = await storedThreadRowsQuery(direct, inbox!.tenantId, ['<m7@x>', ...candidates]).execute();
      assert.equal(found.length, 1);
      assert.ok(found[0]!.thread_id);
    } finally {
      await direct.destroy();
    }
  });
});
