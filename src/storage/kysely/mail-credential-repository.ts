import type { Kysely, Selectable } from 'kysely';
import type { Database, MailCredentialsTable } from '../schema.js';
import type { MailCredentialRecord, MailCredentialRepository, MailProtocol } from '../ports.js';
import { fromMillis, toMillis } from './rows.js';

/** NULLs are distinct in unique indexes, so the tenant-wide login gets a scope value of its own. */
const scopeOf = (inboxId: string | null) => inboxId ?? 'tenant';

const toCredential = (row: Selectable<MailCredentialsTable>): MailCredentialRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  inboxId: row.inbox_id,
  protocol: row.protocol,
  username: row.username,
  password: row.password,
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

export function mailCredentialRepository(db: Kysely<Database>): MailCredentialRepository {
  const find = (tenantId: string, inboxId: string | null, protocol: MailProtocol) =>
    db.selectFrom('mail_credentials').selectAll()
      .where('tenant_id', '=', tenantId).where('protocol', '=', protocol).where('scope', '=', scopeOf(inboxId))
      .executeTakeFirst();

  return {
    async findOrCreate(candidate) {
      // Two first requests may race; the unique scope index lets exactly one insert win.
      await db
        .insertInto('mail_credentials')
        .values({
          id: candidate.id,
          tenant_id: candidate.tenantId,
          inbox_id: candidate.inboxId,
          scope: scopeOf(candidate.inboxId),
          protocol: candidate.protocol,
          username: candidate.username,
          password: candidate.password,
          created_at: toMillis(candidate.createdAt),
          updated_at: toMillis(candidate.updatedAt),
        })
        .onConflict((oc) => oc.columns(['tenant_id', 'protocol', 'scope']).doNothing())
        .execute();
      const row = await find(candidate.tenantId, candidate.inboxId, candidate.protocol);
      if (!row) throw new Error('mail credentials vanished right after being written');
      return toCredential(row);
    },

    async findByUsername(protocol, username) {
      // No login holds U+0000 (the API refuses it), and PostgreSQL would refuse the query:
      // a client's username with one is simply unknown, on both databases.
      if (username.includes('\u0000')) return undefined;
      const row = await db.selectFrom('mail_credentials').selectAll()
        .where('protocol', '=', protocol).where('username', '=', username).executeTakeFirst();
      return row && toCredential(row);
    },

    async update(tenantId, inboxId, protocol, change, at) {
      if (change.username) {
        const taken = await db.selectFrom('mail_credentials').select(['tenant_id', 'scope'])
          .where('protocol', '=', protocol).where('username', '=', change.username).executeTakeFirst();
        if (taken && (taken.tenant_id !== tenantId || taken.scope !== scopeOf(inboxId))) return false;
      }
      try {
        await db
          .updateTable('mail_credentials')
          .set({ ...(change.username ? { username: change.username } : {}), ...(change.password ? { password: change.password } : {}), updated_at: toMillis(at) })
          .where('tenant_id', '=', tenantId)
          .where('protocol', '=', protocol)
          .where('scope', '=', scopeOf(inboxId))
          .execute();
        return true;
      } catch {
        // the unique username index caught a concurrent taker
        return false;
      }
    },
  };
}
