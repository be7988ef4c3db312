import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Inbox forwarders and repliers (InboxForwarderController, InboxReplierController): they
  // belong to an inbox and go with it. Their events outlive them (no foreign key on the
  // automation), as a receipt outlives what made it, and go with the user.
  await db.schema
    .createTable('inbox_forwarders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inbox_id', 'text', (c) => c.notNull().references('inboxes.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('should', 'text', (c) => c.notNull())
    .addColumn('match', 'text')
    .addColumn('match_options_json', 'text')
    .addColumn('forward_to_json', 'text', (c) => c.notNull())
    .addColumn('attachment_text_method', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inbox_forwarders_tenant_created').on('inbox_forwarders').columns(['tenant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('inbox_forwarders_inbox').on('inbox_forwarders').columns(['inbox_id', 'created_at']).execute();

  await db.schema
    .createTable('inbox_forwarder_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('forwarder_id', 'text', (c) => c.notNull())
    .addColumn('inbox_id', 'text', (c) => c.notNull())
    .addColumn('email_id', 'text')
    .addColumn('sent_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inbox_forwarder_events_tenant_created').on('inbox_forwarder_events').columns(['tenant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('inbox_forwarder_events_forwarder').on('inbox_forwarder_events').columns(['forwarder_id', 'created_at']).execute();

  await db.schema
    .createTable('inbox_repliers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inbox_id', 'text', (c) => c.notNull().references('inboxes.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('should', 'text', (c) => c.notNull())
    .addColumn('match', 'text')
    .addColumn('match_options_json', 'text')
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text')
    .addColumn('from_value', 'text')
    .addColumn('charset', 'text')
    .addColumn('is_html', 'integer', (c) => c.notNull())
    .addColumn('body', 'text')
    .addColumn('template_id', 'text')
    .addColumn('template_variables_json', 'text')
    .addColumn('ignore_reply_to', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inbox_repliers_tenant_created').on('inbox_repliers').columns(['tenant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('inbox_repliers_inbox').on('inbox_repliers').columns(['inbox_id', 'created_at']).execute();

  await db.schema
    .createTable('inbox_replier_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('replier_id', 'text', (c) => c.notNull())
    .addColumn('inbox_id', 'text', (c) => c.notNull())
    .addColumn('email_id', 'text')
    .addColumn('sent_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('recipients_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inbox_replier_events_tenant_created').on('inbox_replier_events').columns(['tenant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('inbox_replier_events_replier').on('inbox_replier_events').columns(['replier_id', 'created_at']).execute();

  // one row per (replier, sender): its last reply; goes with the replier
  await db.schema
    .createTable('inbox_replier_replies')
    .addColumn('replier_id', 'text', (c) => c.notNull().references('inbox_repliers.id').onDelete('cascade'))
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('replied_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('inbox_replier_replies_pk', ['replier_id', 'sender'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['inbox_replier_replies', 'inbox_replier_events', 'inbox_repliers', 'inbox_forwarder_events', 'inbox_forwarders']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
