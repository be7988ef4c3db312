import type { Kysely } from 'kysely';

/**
 * Spam scores (SpamAssassin's spamd): the latest check of each received email. The row goes
 * with its email (ON DELETE CASCADE); the spam_emails record a high score writes outlives it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('spam_scores')
    .addColumn('email_id', 'text', (c) => c.primaryKey().references('emails.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inbox_id', 'text', (c) => c.notNull())
    .addColumn('score', 'double precision', (c) => c.notNull())
    .addColumn('required_score', 'double precision', (c) => c.notNull())
    .addColumn('threshold', 'double precision', (c) => c.notNull())
    .addColumn('spam', 'integer', (c) => c.notNull())
    .addColumn('rules_json', 'text', (c) => c.notNull())
    .addColumn('checked_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('spam_scores').ifExists().execute();
}
