import type { Kysely } from 'kysely';

/**
 * Guest portals and their guest users (GuestPortalController), email warmup programs and the
 * sends they made (EmailWarmupController), and sender seats (how many inboxes may send, for
 * delivery and for warmup).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('guest_portals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('description', 'text')
    .addColumn('link_help', 'text')
    .addColumn('domain_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('guest_portals_tenant_created').on('guest_portals').columns(['tenant_id', 'created_at', 'id']).execute();
  // A guest: a username unique in its portal and a password (scrypt hash) it logs in with; it
  // reads one inbox. No foreign key to the inbox: deleting the inbox leaves the guest with nothing to read.
  await db.schema
    .createTable('guest_portal_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('portal_id', 'text', (c) => c.notNull().references('guest_portals.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email_address', 'text')
    .addColumn('inbox_id', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('guest_portal_users_username', ['portal_id', 'username'])
    .execute();
  await db.schema.createIndex('guest_portal_users_tenant_created').on('guest_portal_users').columns(['tenant_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('warmup_programs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('sender_inbox_ids_json', 'text', (c) => c.notNull())
    .addColumn('seed_addresses_json', 'text', (c) => c.notNull())
    .addColumn('start_volume', 'integer', (c) => c.notNull())
    .addColumn('daily_increase', 'integer', (c) => c.notNull())
    .addColumn('max_daily_volume', 'integer', (c) => c.notNull())
    .addColumn('duration_days', 'integer', (c) => c.notNull())
    .addColumn('subject', 'text')
    // active time before the current run (ms) and when the current run began: the program's
    // day is counted in active time, so a pause does not use up its days
    .addColumn('active_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('running_since', 'bigint')
    .addColumn('started_at', 'bigint')
    .addColumn('completed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('warmup_programs_tenant_created').on('warmup_programs').columns(['tenant_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('warmup_programs_state').on('warmup_programs').columns(['state']).execute();
  await db.schema
    .createTable('warmup_sends')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('program_id', 'text', (c) => c.notNull().references('warmup_programs.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('sender_inbox_id', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('sent_email_id', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('warmup_sends_program_day').on('warmup_sends').columns(['program_id', 'day']).execute();
  await db.schema.createIndex('warmup_sends_tenant_created').on('warmup_sends').columns(['tenant_id', 'created_at']).execute();

  // Seat caps: kind 'delivery' (sending-connections) or 'warmup' (email-warmup)
  await db.schema
    .createTable('sender_seat_caps')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('seats', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sender_seat_caps_pk', ['tenant_id', 'kind'])
    .execute();
  // Delivery seats held: an inbox takes one at its first send while a cap is set; deleting the
  // inbox frees it (cascade)
  await db.schema
    .createTable('sender_seats')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inbox_id', 'text', (c) => c.notNull().references('inboxes.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sender_seats_pk', ['tenant_id', 'inbox_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['sender_seats', 'sender_seat_caps', 'warmup_sends', 'warmup_programs', 'guest_portal_users', 'guest_portals']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
