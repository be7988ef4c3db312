import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { freshDatabase, inspect, postgresUrl, type TestDatabase } from '../helpers/databases.js';
import { storeIncomingGroup } from '../../src/storage/kysely/store-incoming.js';
import type { IncomingEmail } from '../../src/storage/ports.js';
import type { Database } from '../../src/storage/schema.js';

/**
 * PostgreSQL only (migration 0065): an email row larger than the toast target keeps its ids and
 * hashes in the row, so a search testing thousands of matches against their tenant reads the
 * heap alone, not the TOAST table for each (README "Performance", search).
 */
const KEYS = ['id', 'tenant_id', 'inbox_id', 'thread_id', 'raw_sha256', 'body_md5'] as const;

test('a large email row on PostgreSQL keeps its ids and hashes inline', { skip: postgresUrl() ? false : 'PostgreSQL only (PIGEONHOLE_TEST_DATABASE_URL)' }, async (t) => {
  const database: TestDatabase = await freshDatabase('postgres');
  const db: Kysely<Database> = inspect(database);
  t.after(async () => {
    await db.destroy();
    await database.cleanup();
  });
  const tenantId = randomUUID();
  const inboxId = randomUUID();
  await db.insertInto('users').values({ id: tenantId, email: `${tenantId}@layout.test`, name: null, is_admin: 0, created_at: Date.now() } as never).execute();
  await db.insertInto('inboxes').values({ id: inboxId, tenant_id: tenantId, email_address: `${inboxId}@layout.test`, local_part: inboxId, domain: 'layout.test', created_at: Date.now() } as never).execute();

  // 1,500 different words: a search vector of several kilobytes, kept in the row (0051)
  const words = Array.from({ length: 1_500 }, () => `w${randomBytes(5).toString('hex')}`).join(' ');
  const raw = Buffer.from(`From: sender@example.com\r\nTo: ${inboxId}@layout.test\r\nSubject: large\r\n\r\n${words}\r\n`);
  const at = new Date();
  const id = randomUUID();
  const email = {
    id, tenantId, inboxId, messageId: `<${id}@example.com>`, inReplyTo: null, subject: 'large',
    from: 'sender@example.com', sender: { emailAddress: 'sender@example.com', name: null, rawValue: 'sender@example.com' },
    recipients: { to: [{ emailAddress: `${inboxId}@layout.test`, name: null, rawValue: `${inboxId}@layout.test` }], cc: [], bcc: [] },
    replyTo: null, charset: 'utf-8', bodyMd5: createHash('md5').update(words).digest('hex'), bodyPartContentTypes: ['text/plain'],
    sizeBytes: raw.length, rawSha256: createHash('sha256').update(raw).digest('hex'), attachmentIds: [], read: false, favourite: false,
    createdAt: at, updatedAt: at, headers: [['Subject', 'large']], textBody: words, htmlBody: null,
  };
  await db.transaction().execute((trx) => storeIncomingGroup(trx, [{ email, raw, attachments: [] } as unknown as IncomingEmail]));

  const row = await sql<Record<string, number>>`select ${sql.join(KEYS.map((k) => sql`pg_column_size(${sql.ref(k)}) - octet_length(${sql.ref(k)}) as ${sql.ref(k)}`))},
      pg_column_size(search_tsv) as vector from emails where id = ${id}`.execute(db);
  const sizes = row.rows[0]!;
  assert.ok(Number(sizes.vector) > 2_000, `the row is over the toast target (vector ${sizes.vector} bytes)`);
  // inline, a short value carries a one-byte header; moved out of line, its size is the bare data's
  for (const key of KEYS) assert.equal(Number(sizes[key]), 1, `${key} is stored in the row`);
});
