import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // A page of threads reads the messages of its threads by `tenant_id = ? and thread_id in
  // (…)`. With only (tenant_id, message_id) and (thread_id, …) to choose from, SQLite's
  // planner walked every email of the tenant for each page; with this one it reads the page's
  // messages only, and the "thread ids of the tenant's messages" set of the thread filters is
  // read from the index alone.
  await db.schema.createIndex('emails_tenant_thread').on('emails').columns(['tenant_id', 'thread_id']).execute();
  await db.schema.createIndex('sent_emails_tenant_thread').on('sent_emails').columns(['tenant_id', 'thread_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sent_emails_tenant_thread').ifExists().execute();
  await db.schema.dropIndex('emails_tenant_thread').ifExists().execute();
}
