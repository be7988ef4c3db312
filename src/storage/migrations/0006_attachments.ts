import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // getAttachments pages through a tenant's attachments (uploads and received) by time.
  await db.schema
    .createIndex('attachments_tenant_created')
    .on('attachments')
    .columns(['tenant_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('attachments_tenant_created').ifExists().execute();
}
