import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Email templates (TemplateController): per user; the variable names are kept beside the
  // content so the lists (TemplateProjection.variables) need not read and parse every content.
  await db.schema
    .createTable('templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('variables_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('templates_tenant_created').on('templates').columns(['tenant_id', 'created_at', 'id']).execute();
  // SentEmailDto.templateId: not a foreign key, a receipt outlives the template it was rendered from.
  await db.schema.alterTable('sent_emails').addColumn('template_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sent_emails').dropColumn('template_id').execute();
  await db.schema.dropTable('templates').ifExists().execute();
}
