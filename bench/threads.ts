/**
 * getEmailThreads against a store of a few thousand emails: the time of one page of threads
 * (threads.page, the query behind getEmailThreads) with and without a search text, on SQLite,
 * and on PostgreSQL when PIGEONHOLE_TEST_DATABASE_URL is set. Mail is stored straight through
 * the store (no SMTP), in two shapes: ~100 threads of ~40 messages, and one thread per email.
 *
 *   node --import tsx bench/threads.ts [emails=4000]
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openStore } from '../src/storage/kysely/database.js';
import type { EmailRecord, Store } from '../src/storage/ports.js';

const EMAILS = Number(process.argv[2] ?? 4000);
const T0 = Date.parse('2026-03-01T12:00:00.000Z');

/** `count` emails of one tenant and inbox, `perThread` to a conversation (In-Reply-To the previous one). */
export function threadedEmails(tenantId: string, inboxId: string, count: number, perThread: number): EmailRecord[] {
  const emails: EmailRecord[] = [];
  for (let i = 0; i < count; i += 1) {
    const thread = Math.floor(i / perThread);
    const inReplyTo = i % perThread === 0 ? null : `<m${i - 1}.${inboxId}@bench.test>`;
    emails.push({
      id: randomUUID(), tenantId, inboxId, messageId: `<m${i}.${inboxId}@bench.test>`, inReplyTo,
      subject: `conversation ${thread} message ${i}`, from: `sender${i % 50}@example.com`, sender: null,
      recipients: { to: [{ name: null, emailAddress: `rcpt${i % 7}@bench.test`, rawValue: `rcpt${i % 7}@bench.test` }], cc: [], bcc: [] }, replyTo: null, charset: null,
      bodyMd5: '', bodyPartContentTypes: [], sizeBytes: 10, rawSha256: randomBytes(16).toString('hex'), attachmentIds: [],
      read: i % 3 === 0, favourite: false, createdAt: new Date(T0 + i * 1000), updatedAt: new Date(T0 + i * 1000),
      headers: inReplyTo ? [['In-Reply-To', inReplyTo]] : [], textBody: `body ${i}`, htmlBody: null,
    });
  }
  return emails;
}

async function fill(store: Store, perThread: number): Promise<string> {
  const tenantId = randomUUID();
  const inboxId = randomUUID();
  await store.repos.users.create({ id: tenantId, email: `${tenantId}@bench.test`, name: null, isAdmin: false, createdAt: new Date(T0) });
  await store.repos.inboxes.create({
    id: inboxId, tenantId, emailAddress: `${inboxId}@bench.test`, localPart: inboxId, domain: 'bench.test', domainId: null, name: null,
    description: null, favourite: false, inboxType: 'HTTP', virtualInbox: false, expiresAt: null, createdAt: new Date(T0), tags: [],
  });
  const emails = threadedEmails(tenantId, inboxId, EMAILS, perThread);
  for (let i = 0; i < emails.length; i += 200) {
    await store.repos.emails.storeIncoming(emails.slice(i, i + 200).map((email) => ({ email, raw: Buffer.from(`raw ${email.id}`), attachments: [] })));
  }
  return tenantId;
}

async function time(run: () => Promise<unknown>): Promise<number> {
  await run();
  const runs: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const start = process.hrtime.bigint();
    await run();
    runs.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return runs.sort((a, b) => a - b)[2]!;
}

async function measure(dialect: string, store: Store): Promise<void> {
  for (const [shape, perThread] of [['~100 threads', Math.ceil(EMAILS / 100)], ['one thread per email', 1]] as const) {
    const tenantId = await fill(store, perThread);
    const page = { page: 0, size: 20, sort: 'DESC' as const };
    const plain = await time(() => store.repos.threads.page(tenantId, {}, page));
    const search = await time(() => store.repos.threads.page(tenantId, { search: 'message 3' }, page));
    console.log(`${dialect.padEnd(10)} ${String(EMAILS).padStart(6)} emails, ${shape.padEnd(22)} no search ${plain.toFixed(1).padStart(8)} ms   searchFilter ${search.toFixed(1).padStart(8)} ms`);
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(os.tmpdir(), 'pigeonhole-bench-threads-'));
  const sqlite = await openStore({ sqliteFile: join(dir, 'pigeonhole.db') });
  try {
    await measure('sqlite', sqlite);
  } finally {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }

  const url = process.env.PIGEONHOLE_TEST_DATABASE_URL;
  if (url) {
    const schema = `ph_bench_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const store = await openStore({ databaseUrl: url, searchPath: schema });
    try {
      await measure('postgresql', store);
    } finally {
      await store.close();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
