import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Email aliases (AliasController). An alias receives at an inbox of its own (inbox_id) and
  // proxies to the hidden address once verified. Only the sha256 of the verification token is
  // kept: the link's token is the credential, a database read must not hand it out.
  await db.schema
    .createTable('aliases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inbox_id', 'text', (c) => c.notNull().references('inboxes.id').onDelete('cascade'))
    .addColumn('alias_address', 'text', (c) => c.notNull())
    .addColumn('hidden_address', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('use_threads', 'integer', (c) => c.notNull())
    .addColumn('verified', 'integer', (c) => c.notNull())
    .addColumn('domain_id', 'text')
    // 1 when createAlias made the inbox (no inboxId given): deleting the alias deletes it
    .addColumn('owns_inbox', 'integer', (c) => c.notNull())
    .addColumn('verify_token_sha256', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('aliases_tenant_created').on('aliases').columns(['tenant_id', 'created_at', 'id']).execute();
  // one alias per inbox: mail to an inbox is proxied by at most one alias
  await db.schema.createIndex('aliases_inbox').on('aliases').column('inbox_id').unique().execute();
  await db.schema.createIndex('aliases_verify_token').on('aliases').column('verify_token_sha256').execute();

  // Reply threads of an alias: one per conversation (original sender), each with an inbox of
  // its own whose address the proxied copies come from, so replies find their way back.
  await db.schema
    .createTable('alias_threads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('alias_id', 'text', (c) => c.notNull().references('aliases.id').onDelete('cascade'))
    .addColumn('inbox_id', 'text', (c) => c.notNull().references('inboxes.id').onDelete('cascade'))
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('subject', 'text')
    .addColumn('message_id', 'text')
    .addColumn('to_json', 'text', (c) => c.notNull())
    .addColumn('cc_json', 'text', (c) => c.notNull())
    .addColumn('bcc_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alias_threads_conversation').on('alias_threads').columns(['alias_id', 'sender']).unique().execute();
  await db.schema.createIndex('alias_threads_tenant_created').on('alias_threads').columns(['tenant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('alias_threads_inbox').on('alias_threads').column('inbox_id').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alias_threads').ifExists().execute();
  await db.schema.dropTable('aliases').ifExists().execute();
}
