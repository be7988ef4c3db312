/**
 * Retry dedupe in storage (storage/kysely/retry-dedupe.ts): a copy with a Message-ID whose
 * inbox already holds the same raw bytes since its dedupeSince is not stored again, on both
 * databases, also when the retry is in the same group or races the first on another node.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describeEachDialect } from '../helpers/server.js';
import { incomingCopy, tenantWithInboxes as withInboxes } from '../helpers/storage-fixtures.js';
import { freshDatabase, inspect, type TestDatabase } from '../helpers/databases.js';
import { sql } from 'kysely';
import { openStore } from '../../src/storage/kysely/database.js';
import type { IncomingEmail, InboxRecord, Repositories } from '../../src/storage/ports.js';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));

describeEachDialect('retry dedupe in storage', (dialect) => {
  let db: TestDatabase;
  let repos: Repositories;
  before(async () => {
    db = await freshDatabase(dialect);
    repos = db.store.repos;
  });
  after(() => db.cleanup());

  const tenantWithInboxes = (n: number) => withInboxes(repos, n, at(0));

  /** One copy of `raw` for `inbox`, received at second `s`, deduped over the `window` seconds before it when given. */
  const copy = (inbox: InboxRecord, raw: string, s: number, messageId: string | null, window?: number): IncomingEmail => {
    const item = incomingCopy(inbox, raw, at(s), messageId);
    return window === undefined ? item : { ...item, dedupeSince: at(s - window) };
  };
  const count = (inbox: InboxRecord) => repos.emails.count(inbox.tenantId, { inboxIds: [inbox.id] });
  const events = async (emailIds: string[]) => {
    const direct = inspect(db);
    try {
      return (await direct.selectFrom('domain_events').select('id').where('entity_id', 'in', emailIds).execute()).length;
    } finally {
      await direct.destroy();
    }
  };

  test('a retry within the window is marked and not stored: no email, no thread entry, no domain event', async () => {
    const { tenantId, inboxes: [a] } = await tenantWithInboxes(1);
    const raw = `Message-ID: <m1@x>\r\n\r\nbody ${randomUUID()}`;
    const first = copy(a!, raw, 100, '<m1@x>', 60);
    await repos.emails.storeIncoming([first]);
    assert.equal(first.duplicateOf, undefined);
    const retry = copy(a!, raw, 130, '<m1@x>', 60);
    await repos.emails.storeIncoming([retry]);
    assert.equal(retry.duplicateOf, first.email.id);
    assert.equal(await count(a!), 1);
    assert.equal(await repos.emails.findById(tenantId, retry.email.id), undefined);
    assert.equal(await events([first.email.id, retry.email.id]), 1);
    assert.equal((await repos.threads.findById(tenantId, first.email.threadId!))?.messageCount, 1);
  });

  test('stored again: outside the window, one byte different, no Message-ID, another inbox, or no dedupe asked', async () => {
    const { inboxes: [a, b] } = await tenantWithInboxes(2);
    const raw = `Message-ID: <m2@x>\r\n\r\nbody ${randomUUID()}`;
    await repos.emails.storeIncoming([copy(a!, raw, 100, '<m2@x>', 60)]);
    const late = copy(a!, raw, 161, '<m2@x>', 60);
    const changed = copy(a!, `${raw}!`, 120, '<m2@x>', 60);
    const otherInbox = copy(b!, raw, 120, '<m2@x>', 60);
    const plain = copy(a!, raw, 120, '<m2@x>');
    for (const item of [late, changed, otherInbox, plain]) {
      await repos.emails.storeIncoming([item]);
      assert.equal(item.duplicateOf, undefined);
    }
    assert.equal(await count(a!), 4);
    assert.equal(await count(b!), 1);

    const bare = `no id ${randomUUID()}`;
    const withoutId = [copy(a!, bare, 200, null, 60), copy(a!, bare, 201, null, 60)];
    for (const item of withoutId) await repos.emails.storeIncoming([item]);
    assert.deepEqual(withoutId.map((i) => i.duplicateOf), [undefined, undefined]);
    assert.equal(await count(a!), 6);
  });

  test('within one group the second copy for an inbox is the retry; copies for other inboxes are stored', async () => {
    const { inboxes: [a, b] } = await tenantWithInboxes(2);
    const raw = `Message-ID: <m3@x>\r\n\r\nbody ${randomUUID()}`;
    const group = [copy(a!, raw, 100, '<m3@x>', 60), copy(b!, raw, 100, '<m3@x>', 60), copy(a!, raw, 101, '<m3@x>', 60)];
    await repos.emails.storeIncoming(group);
    assert.deepEqual(group.map((i) => i.duplicateOf), [undefined, undefined, group[0]!.email.id]);
    assert.equal(await count(a!), 1);
    assert.equal(await count(b!), 1);
  });

  test('concurrent retries of one message store it once', async () => {
    const { inboxes: [a] } = await tenantWithInboxes(1);
    const raw = `Message-ID: <m4@x>\r\n\r\nbody ${randomUUID()}`;
    const tries = Array.from({ length: 8 }, () => copy(a!, raw, 100, '<m4@x>', 60));
    await Promise.all(tries.map((t) => repos.emails.storeIncoming([t])));
    assert.equal(tries.filter((t) => !t.duplicateOf).length, 1);
    assert.equal(await count(a!), 1);
  });

  if (dialect === 'postgres') {
    test('two nodes racing with the same message store it once (the advisory lock)', async () => {
      const second = await openStore({ databaseUrl: db.databaseUrl, searchPath: db.searchPath });
      try {
        const { inboxes: [a] } = await tenantWithInboxes(1);
        for (let round = 0; round < 10; round++) {
          const raw = `Message-ID: <race${round}@x>\r\n\r\nbody ${randomUUID()}`;
          const tries = Array.from({ length: 4 }, () => copy(a!, raw, 100 + round, `<race${round}@x>`, 60));
          const stores = [repos.emails, second.repos.emails];
          await Promise.all(tries.map((t, i) => stores[i % 2]!.storeIncoming([t])));
          assert.equal(tries.filter((t) => !t.duplicateOf).length, 1, `round ${round}`);
        }
        assert.equal(await count(a!), 10);
      } finally {
        await second.close();
      }
    });
  }

  test('the probe uses the (inbox, hash, time) index', async () => {
    const direct = inspect(db);
    try {
      if (dialect === 'sqlite') {
        const { rows } = await sql<{ detail: string }>`explain query plan
          select id from emails where inbox_id = 'i' and raw_sha256 = 'h' and created_at >= 0`.execute(direct);
        assert.match(rows.map((r) => r.detail).join(' '), /emails_inbox_raw/);
      } else {
        // a fresh table is too small for the planner to prefer any index: check it exists
        const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes
          where schemaname = current_schema() and indexname = 'emails_inbox_raw'`.execute(direct);
        assert.match(rows[0]?.indexdef ?? '', /\(inbox_id, raw_sha256, created_at\)/);
      }
    } finally {
      await direct.destroy();
    }
  });
});
