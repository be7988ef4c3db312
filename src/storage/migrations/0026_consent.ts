import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Consent (double opt-in): one row per user and recipient address. The confirmation link's
  // token is kept only as its sha256, so the table never holds a usable link.
  await db.schema
    .createTable('opt_in_identities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email_address', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text')
    .addColumn('requested_at', 'bigint')
    .addColumn('verified_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('opt_in_identities_tenant_address', ['tenant_id', 'email_address'])
    .execute();
  await db.schema.createIndex('opt_in_identities_tenant_created').on('opt_in_identities').columns(['tenant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('opt_in_identities_token').on('opt_in_identities').column('token_hash').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('opt_in_identities').ifExists().execute();
}
