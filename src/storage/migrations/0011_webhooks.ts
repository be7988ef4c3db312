import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // A webhook: where to POST one event kind, for an inbox, a phone number, or the whole
  // account (inbox_id and phone_id both null). Basic auth is kept so it can be sent.
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inbox_id', 'text')
    .addColumn('phone_id', 'text')
    .addColumn('name', 'text')
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('basic_auth_username', 'text')
    .addColumn('basic_auth_password', 'text')
    // JSON array of {name, value}: extra request headers (WebhookHeaders)
    .addColumn('headers_json', 'text', (c) => c.notNull())
    .addColumn('request_body_template', 'text')
    .addColumn('use_static_ip_range', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ignore_insecure_ssl', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tags_json', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('health_status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_tenant_created').on('webhooks').columns(['tenant_id', 'created_at', 'id']).execute();
  // The outbox looks webhooks up by (tenant, event) for every stored event.
  await db.schema.createIndex('webhooks_tenant_event').on('webhooks').columns(['tenant_id', 'event_name', 'inbox_id']).execute();

  // The durable delivery job (outbox row): one per (webhook, event), written in the same
  // transaction as the change it announces. payload is the exact body sent on every
  // attempt and redrive; message_id is the receiver's idempotency key.
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('inbox_id', 'text')
    .addColumn('email_id', 'text')
    .addColumn('attachment_id', 'text')
    // pending → inflight (leased by one worker) → delivered | pending (retry) | dead
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_token', 'text')
    .addColumn('lease_until', 'bigint')
    // start of the retry window: creation, or the last redrive
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('redrive_of', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['state', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_webhook').on('webhook_deliveries').columns(['webhook_id']).execute();

  // Every attempt, as WebhookResultDto.
  await db.schema
    .createTable('webhook_results')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('delivery_id', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('redrive_id', 'text')
    .addColumn('webhook_url', 'text', (c) => c.notNull())
    .addColumn('http_method', 'text', (c) => c.notNull())
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_time_ms', 'integer', (c) => c.notNull())
    .addColumn('response_body_extract', 'text')
    .addColumn('error', 'text')
    .addColumn('result_type', 'text', (c) => c.notNull())
    .addColumn('seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inbox_id', 'text')
    .addColumn('email_id', 'text')
    .addColumn('attachment_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_results_tenant_created').on('webhook_results').columns(['tenant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('webhook_results_webhook_created').on('webhook_results').columns(['webhook_id', 'created_at']).execute();

  // Per-tenant HMAC key for the payload signature header; made on first use.
  await db.schema
    .createTable('webhook_signing_secrets')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_signing_secrets').ifExists().execute();
  await db.schema.dropTable('webhook_results').ifExists().execute();
  await db.schema.dropTable('webhook_deliveries').ifExists().execute();
  await db.schema.dropTable('webhooks').ifExists().execute();
}
