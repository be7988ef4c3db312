import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Retry dedupe (storage/kysely/retry-dedupe.ts) asks, for each incoming message with a
  // Message-ID, whether its inbox already holds the same bytes since a moment: one probe here.
  // (emails_raw, on the hash alone, would visit every inbox's copy of a message.)
  await db.schema.createIndex('emails_inbox_raw').on('emails').columns(['inbox_id', 'raw_sha256', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('emails_inbox_raw').ifExists().execute();
}
