import { PostgresAdapter, sql, type Kysely } from 'kysely';

const binary = (db: Kysely<any>) => (db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`);

export async function up(db: Kysely<any>): Promise<void> {
  // MMS media of received SMS (a sink message's MediaUrl, fetched): the bytes go with their SMS.
  await db.schema
    .createTable('sms_media')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sms_id', 'text', (c) => c.notNull().references('sms_messages.id').onDelete('cascade'))
    .addColumn('phone_id', 'text', (c) => c.notNull().references('phone_numbers.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text')
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content', binary(db), (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_media_tenant_created').on('sms_media').columns(['tenant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('sms_media_phone_created').on('sms_media').columns(['phone_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('sms_media_sms').on('sms_media').columns(['sms_id', 'position']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sms_media').ifExists().execute();
}
