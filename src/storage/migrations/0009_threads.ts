import type { Kysely } from 'kysely';
import { newId } from '../../core/ids.js';
import { headerMessageId, threadKeys } from '../../core/threading.js';

/**
 * Conversation threads. Every received email and every sent receipt belongs to one; the
 * thread is chosen when the message is stored (storage/kysely/threading.ts) and never
 * changes, so a thread id stays valid for as long as one of its messages is kept.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One row per conversation; what the API shows of it (subject, sender, counts) is read
  // from its messages. created_at is the first message's arrival and never moves.
  await db.schema
    .createTable('email_threads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_threads_tenant_created').on('email_threads').columns(['tenant_id', 'created_at', 'id']).execute();

  await db.schema.alterTable('emails').addColumn('thread_id', 'text').execute();
  await db.schema.alterTable('sent_emails').addColumn('thread_id', 'text').execute();
  // A thread's messages in order, and "which thread does <id> belong to" at every store.
  await db.schema.createIndex('emails_thread').on('emails').columns(['thread_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('sent_emails_thread').on('sent_emails').columns(['thread_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('emails_tenant_message').on('emails').columns(['tenant_id', 'message_id']).execute();
  await db.schema.createIndex('sent_emails_tenant_message').on('sent_emails').columns(['tenant_id', 'message_id']).execute();

  await backfill(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['emails_thread', 'sent_emails_thread', 'emails_tenant_message', 'sent_emails_tenant_message']) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.alterTable('sent_emails').dropColumn('thread_id').execute();
  await db.schema.alterTable('emails').dropColumn('thread_id').execute();
  await db.schema.dropTable('email_threads').ifExists().execute();
}

interface Row {
  table: 'emails' | 'sent_emails';
  id: string;
  tenant_id: string;
  message_id: string | null;
  in_reply_to: string | null;
  headers_json: string;
  created_at: number | string;
}

const BATCH = 500;

/** One table's rows by (created_at, id), a batch at a time. */
async function* rowsOf(db: Kysely<any>, table: Row['table']): AsyncGenerator<Row> {
  let after: { at: number; id: string } | undefined;
  for (;;) {
    let query = db
      .selectFrom(table)
      .select(['id', 'tenant_id', 'message_id', 'in_reply_to', 'headers_json', 'created_at'])
      .orderBy('created_at')
      .orderBy('id')
      .limit(BATCH);
    if (after) {
      const { at, id } = after;
      query = query.where((eb) => eb.or([eb('created_at', '>', at), eb.and([eb('created_at', '=', at), eb('id', '>', id)])]));
    }
    const rows = (await query.execute()) as Array<Omit<Row, 'table'>>;
    for (const row of rows) yield { ...row, table };
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { at: Number(last.created_at), id: last.id };
  }
}

/**
 * Threads for the mail stored before threads existed, replaying arrival order across both
 * tables exactly as the store does for new mail. Memory: one map entry per message id.
 */
async function backfill(db: Kysely<any>): Promise<void> {
  const streams = [rowsOf(db, 'sent_emails'), rowsOf(db, 'emails')];
  const heads = await Promise.all(streams.map((s) => s.next()));
  const threadOf = new Map<string, string>();
  for (;;) {
    // Merge by time; on a tie the receipt goes first, as sending stores it before delivery.
    let pick = -1;
    for (const [i, head] of heads.entries()) {
      if (head.done) continue;
      if (pick < 0 || Number(head.value.created_at) < Number((heads[pick]!.value as Row).created_at)) pick = i;
    }
    if (pick < 0) return;
    const row = heads[pick]!.value as Row;
    heads[pick] = await streams[pick]!.next();

    const keys = threadKeys({
      messageId: row.message_id,
      inReplyTo: row.in_reply_to,
      headers: JSON.parse(row.headers_json) as Array<[string, string]>,
    });
    const known = keys.map((k) => threadOf.get(`${row.tenant_id}\n${k}`)).find((t) => t !== undefined);
    const threadId = known ?? newId();
    if (!known) {
      await db.insertInto('email_threads').values({ id: threadId, tenant_id: row.tenant_id, created_at: Number(row.created_at) }).execute();
    }
    const own = headerMessageId(row.message_id);
    if (own) threadOf.set(`${row.tenant_id}\n${own}`, threadId);
    await db.updateTable(row.table).set({ thread_id: threadId }).where('id', '=', row.id).execute();
  }
}
