import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../schema.js';
import type { MailAuthResultsTable } from '../mail-auth-tables.js';
import type { EmailAuthentication, EmailRecord, MailAuthResultRepository, StoredEmailAuthentication } from '../ports.js';
import { toMillis } from './rows.js';
import { compiledOnce } from './compiled-once.js';

function toAuthentication(row: Selectable<MailAuthResultsTable>): StoredEmailAuthentication {
  return {
    emailId: row.email_id,
    inboxId: row.inbox_id,
    spf: row.spf,
    dkim: JSON.parse(row.dkim_json) as EmailAuthentication['dkim'],
    dmarc: row.dmarc,
    arc: row.arc,
    fromDomain: row.from_domain,
    clientIp: row.client_ip,
    mailFrom: row.mail_from,
    checkedAt: new Date(Number(row.checked_at)),
  };
}

/** The verdicts of the stored copies that carry them, inside the ingest transaction (store-incoming.ts). */
export async function insertMailAuthResults(trx: Transaction<Database>, emails: EmailRecord[]): Promise<void> {
  const rows = mailAuthRows(emails);
  for (let i = 0; i < rows.length; i += 100) await trx.insertInto('mail_auth_results').values(rows.slice(i, i + 100)).execute();
}

/** The rows of the verdicts of these emails (those that carry them). */
export function mailAuthRows(emails: EmailRecord[]): Insertable<MailAuthResultsTable>[] {
  const rows: Insertable<MailAuthResultsTable>[] = [];
  for (const email of emails) {
    const auth = email.authentication;
    if (!auth) continue;
    rows.push({
      email_id: email.id,
      tenant_id: email.tenantId,
      inbox_id: email.inboxId,
      spf: auth.spf,
      dkim_json: JSON.stringify(auth.dkim),
      dmarc: auth.dmarc,
      arc: auth.arc,
      from_domain: auth.fromDomain,
      client_ip: auth.clientIp,
      mail_from: auth.mailFrom,
      checked_at: toMillis(auth.checkedAt),
    });
  }
  return rows;
}

/** Read with every getEmail (compiled once: compiled-once.ts). */
const authOfEmail = compiledOnce((db, tenantId: string, emailId: string) => db
  .selectFrom('mail_auth_results').selectAll().where('tenant_id', '=', tenantId).where('email_id', '=', emailId));

export function mailAuthResultRepository(db: Kysely<Database>): MailAuthResultRepository {
  return {
    async forEmail(tenantId, emailId) {
      const [row] = await authOfEmail(db, tenantId, emailId);
      if (!row) return undefined;
      const { emailId: _e, inboxId: _i, ...auth } = toAuthentication(row);
      return auth;
    },
    async list(tenantId, filter) {
      let query = db.selectFrom('mail_auth_results').selectAll().where('tenant_id', '=', tenantId);
      if (filter.fromDomain !== undefined) query = query.where('from_domain', '=', filter.fromDomain.toLowerCase());
      if (filter.since) query = query.where('checked_at', '>=', toMillis(filter.since));
      const rows = await query.orderBy('checked_at', 'desc').orderBy('email_id', 'desc').limit(filter.limit).execute();
      return rows.map(toAuthentication);
    },
  };
}
