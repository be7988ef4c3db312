import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // SMTP or IMAP login of an inbox, or of the whole tenant when inbox_id is null; the two
  // protocols have separate logins because the API updates them separately.
  // The password is kept readable: getSmtpAccess must show it, as MailSlurp does.
  await db.schema
    .createTable('mail_credentials')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inbox_id', 'text', (c) => c.references('inboxes.id').onDelete('cascade'))
    // the inbox id, or 'tenant': NULLs are distinct in unique indexes, so scope carries the key
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // One login per protocol and inbox, one tenant-wide login per protocol and tenant; a username
  // names exactly one login of its protocol.
  await db.schema.createIndex('mail_credentials_scope').on('mail_credentials').columns(['tenant_id', 'protocol', 'scope']).unique().execute();
  await db.schema.createIndex('mail_credentials_username').on('mail_credentials').columns(['protocol', 'username']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_credentials').ifExists().execute();
}
