import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // SMS rulesets (RECEIVING_SMS / SENDING_SMS) attach to a phone number; null with a null
  // inbox_id = the whole account. Deleting the number deletes its rulesets.
  await db.schema
    .alterTable('rulesets')
    .addColumn('phone_id', 'text', (c) => c.references('phone_numbers.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('rulesets_tenant_scope_phone').on('rulesets').columns(['tenant_id', 'scope', 'phone_id']).execute();

  // SMS a tenant did not get because it was at its SMS cap (MissedSmsController). The record
  // outlives its number (phone_id is no foreign key), like a missed email outlives its inbox.
  await db.schema
    .createTable('missed_sms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('phone_id', 'text', (c) => c.notNull())
    .addColumn('from_number', 'text', (c) => c.notNull())
    .addColumn('to_number', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('missed_sms_tenant_created').on('missed_sms').columns(['tenant_id', 'created_at', 'id']).execute();

  // NEW_SMS deliveries and their results name the phone number and the SMS, so the results
  // can be filtered by them (getAllWebhookResults phoneId / smsId).
  for (const table of ['webhook_deliveries', 'webhook_results']) {
    await db.schema.alterTable(table).addColumn('phone_id', 'text').execute();
    await db.schema.alterTable(table).addColumn('sms_id', 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['webhook_deliveries', 'webhook_results']) {
    await db.schema.alterTable(table).dropColumn('sms_id').execute();
    await db.schema.alterTable(table).dropColumn('phone_id').execute();
  }
  await db.schema.dropTable('missed_sms').ifExists().execute();
  await db.schema.dropIndex('rulesets_tenant_scope_phone').ifExists().execute();
  await db.schema.alterTable('rulesets').dropColumn('phone_id').execute();
}
