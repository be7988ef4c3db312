import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema.js';
import type { ImapMailboxRepository, ImapMessageRecord } from '../ports.js';
import { flag, fromMillis, isSet, toMillis } from './rows.js';

/**
 * The next UID of the inbox, taken inside the transaction that stores the email. The
 * UPDATE locks the inbox row until commit on PostgreSQL (SQLite has one writer), so UIDs
 * become visible in the order they were handed out: a client never sees UID n+1 before n.
 */
export async function allocateImapUid(trx: Transaction<Database>, inboxId: string): Promise<number> {
  const row = await trx
    .updateTable('inboxes')
    .set({ imap_uid_next: sql`imap_uid_next + 1` })
    .where('id', '=', inboxId)
    .returning('imap_uid_next')
    .executeTakeFirst();
  // An inbox deleted meanwhile: the email insert fails on its own foreign key.
  return row ? Number(row.imap_uid_next) - 1 : 0;
}

export function imapMailboxRepository(db: Kysely<Database>): ImapMailboxRepository {
  return {
    async uidNext(tenantId, inboxId) {
      const row = await db
        .selectFrom('inboxes')
        .select('imap_uid_next')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', inboxId)
        .executeTakeFirst();
      return row ? Number(row.imap_uid_next) : undefined;
    },

    async messages(tenantId, inboxId) {
      const rows = await db
        .selectFrom('emails')
        .select(['id', 'imap_uid', 'read', 'favourite', 'imap_answered', 'imap_deleted', 'created_at', 'size_bytes'])
        .where('tenant_id', '=', tenantId)
        .where('inbox_id', '=', inboxId)
        .where('imap_uid', 'is not', null)
        .orderBy('imap_uid')
        .execute();
      return rows.map((row): ImapMessageRecord => ({
        id: row.id,
        uid: Number(row.imap_uid),
        seen: isSet(row.read),
        flagged: isSet(row.favourite),
        answered: isSet(row.imap_answered),
        deleted: isSet(row.imap_deleted),
        createdAt: fromMillis(row.created_at),
        sizeBytes: Number(row.size_bytes),
      }));
    },

    async setImapFlags(tenantId, emailIds, change, at) {
      if (emailIds.length === 0) return;
      const set: { imap_answered?: number; imap_deleted?: number; updated_at: number } = { updated_at: toMillis(at) };
      if (change.answered !== undefined) set.imap_answered = flag(change.answered);
      if (change.deleted !== undefined) set.imap_deleted = flag(change.deleted);
      await db.updateTable('emails').set(set).where('tenant_id', '=', tenantId).where('id', 'in', emailIds).execute();
    },
  };
}
