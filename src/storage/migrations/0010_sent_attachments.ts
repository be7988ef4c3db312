import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The attachment ids a sent email carried (SentEmailDto.attachments), in the order given.
  // A JSON list beside the receipt like its recipients: read with the receipt, never queried alone.
  await db.schema
    .alterTable('sent_emails')
    .addColumn('attachment_ids_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  // waitForDeliveryStatuses filters a tenant's statuses by inbox and walks them by time.
  await db.schema
    .createIndex('delivery_statuses_inbox')
    .on('delivery_statuses')
    .columns(['inbox_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('delivery_statuses_inbox').ifExists().execute();
  await db.schema.alterTable('sent_emails').dropColumn('attachment_ids_json').execute();
}
