import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The SMS sink (Twilio's Messages resource): a message an app sends from a sender id that is no
 * number of the account is still a sent SMS of the account, so `sent_sms.phone_id` becomes
 * nullable; and a sink message has the account SID it was sent under, its delivery status
 * (delivered / sent / failed) and the carrier error code of a failed one. Null for API sends.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`ALTER TABLE sent_sms ALTER COLUMN phone_id DROP NOT NULL`.execute(db);
    await db.schema.alterTable('sent_sms').addColumn('account_sid', 'text').execute();
    await db.schema.alterTable('sent_sms').addColumn('status', 'text').execute();
    await db.schema.alterTable('sent_sms').addColumn('error_code', 'integer').execute();
  } else {
    // SQLite cannot drop NOT NULL: the table is rebuilt (nothing references sent_sms).
    await db.schema
      .createTable('sent_sms_next')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('phone_id', 'text', (c) => c.references('phone_numbers.id').onDelete('cascade'))
      .addColumn('from_number', 'text', (c) => c.notNull())
      .addColumn('to_number', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('reply_to_id', 'text')
      .addColumn('delivered_sms_id', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('account_sid', 'text')
      .addColumn('status', 'text')
      .addColumn('error_code', 'integer')
      .execute();
    await sql`INSERT INTO sent_sms_next (id, tenant_id, phone_id, from_number, to_number, body, reply_to_id, delivered_sms_id, created_at, updated_at)
      SELECT id, tenant_id, phone_id, from_number, to_number, body, reply_to_id, delivered_sms_id, created_at, updated_at FROM sent_sms`.execute(db);
    await db.schema.dropTable('sent_sms').execute();
    await db.schema.alterTable('sent_sms_next').renameTo('sent_sms').execute();
    await db.schema.createIndex('sent_sms_tenant_created').on('sent_sms').columns(['tenant_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('sent_sms_phone_created').on('sent_sms').columns(['phone_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('sent_sms_reply_to').on('sent_sms').columns(['tenant_id', 'reply_to_id']).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // Sink messages without a number of the account cannot go back under NOT NULL.
  await db.deleteFrom('sent_sms').where('phone_id', 'is', null).execute();
  await db.schema.alterTable('sent_sms').dropColumn('error_code').execute();
  await db.schema.alterTable('sent_sms').dropColumn('status').execute();
  await db.schema.alterTable('sent_sms').dropColumn('account_sid').execute();
}
