import type { Kysely } from 'kysely';

/**
 * Forwarding of outside SMS to a real provider (PIGEONHOLE_SMS_RELAY_URL): a sent SMS to a number
 * outside the carrier keeps what the provider made of it: the forward's state (pending, then the
 * provider's status such as queued, or failed), the provider's message SID, and its error code and
 * message. All null for a sent SMS that was not forwarded.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sent_sms').addColumn('relay_status', 'text').execute();
  await db.schema.alterTable('sent_sms').addColumn('relay_sid', 'text').execute();
  await db.schema.alterTable('sent_sms').addColumn('relay_error_code', 'integer').execute();
  await db.schema.alterTable('sent_sms').addColumn('relay_error', 'text').execute();
  await db.schema.alterTable('sent_sms').addColumn('relay_updated_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['relay_updated_at', 'relay_error', 'relay_error_code', 'relay_sid', 'relay_status']) {
    await db.schema.alterTable('sent_sms').dropColumn(column).execute();
  }
}
