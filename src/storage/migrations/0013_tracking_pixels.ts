import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Tracking pixels: one row per image URL handed out (createTrackingPixel, or one per
  // sendEmail with addTrackingPixel). inbox_id and sent_email_id are not foreign keys: the
  // image sits in mail already delivered, and loading it must keep working (and keep its
  // record) after the inbox or the sent receipt is deleted.
  await db.schema
    .createTable('tracking_pixels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('recipient', 'text')
    .addColumn('inbox_id', 'text')
    .addColumn('sent_email_id', 'text')
    .addColumn('seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seen_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // The three lists: all of a tenant's, an inbox's, a sent email's; each by time.
  await db.schema.createIndex('tracking_pixels_tenant_created').on('tracking_pixels').columns(['tenant_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('tracking_pixels_tenant_inbox_created')
    .on('tracking_pixels')
    .columns(['tenant_id', 'inbox_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('tracking_pixels_tenant_sent_created')
    .on('tracking_pixels')
    .columns(['tenant_id', 'sent_email_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tracking_pixels').ifExists().execute();
}
