import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { insertFtsRows, searchDocument, tsvectorOf, type SearchDocument } from '../kysely/email-search-index.js';
import type { MailAddress } from '../ports.js';

/** Emails read, indexed and written per step of the backfill. */
const BACKFILL_BATCH = 500;

/**
 * Full-text search over received mail (storage/kysely/email-search-index.ts says what is
 * indexed and why it is shaped so). Mail already stored is indexed here, in batches by id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`alter table emails add column search_tsv tsvector`.execute(db);
  } else {
    // contentless: the index only, not a second copy of every body; contentless_delete lets
    // the trigger remove one email's entry
    await sql`create virtual table emails_fts using fts5(
      tenant, subject, sender, recipients, body,
      content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0'
    )`.execute(db);
    await sql`create trigger emails_fts_delete after delete on emails begin
      delete from emails_fts where rowid = old.rowid;
    end`.execute(db);
  }
  await backfill(db, postgres);
  // built once the rows hold their vectors: faster than growing it row by row
  if (postgres) await sql`create index emails_search on emails using gin (search_tsv)`.execute(db);
}

async function backfill(db: Kysely<any>, postgres: boolean): Promise<void> {
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('emails')
      .select(['id', 'tenant_id', 'subject', 'from_address', 'sender_json', 'recipients_json', 'text_body'])
      .$if(!postgres, (q) => q.select(sql<number>`rowid`.as('rowid')))
      .where('id', '>', after)
      .orderBy('id')
      .limit(BACKFILL_BATCH)
      .execute() as Array<{ id: string; tenant_id: string; subject: string | null; from_address: string | null; sender_json: string | null; recipients_json: string; text_body: string | null; rowid?: number }>;
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.id;
    const names = new Map<string, string[]>();
    const attachments = await db.selectFrom('attachments').select(['email_id', 'name'])
      .where('email_id', 'in', rows.map((r) => r.id)).orderBy('position').execute() as Array<{ email_id: string; name: string }>;
    for (const a of attachments) names.set(a.email_id, [...(names.get(a.email_id) ?? []), a.name]);
    const docs = rows.map((r) => ({
      row: r,
      doc: searchDocument({
        tenantId: r.tenant_id, subject: r.subject, from: r.from_address,
        sender: r.sender_json ? (JSON.parse(r.sender_json) as MailAddress) : null,
        recipients: JSON.parse(r.recipients_json) as { to: MailAddress[]; cc: MailAddress[]; bcc: MailAddress[] },
        textBody: r.text_body, attachmentNames: names.get(r.id) ?? [],
      }),
    }));
    if (postgres) await setVectors(db, docs.map(({ row, doc }) => ({ id: row.id, doc })));
    else await insertFtsRows(db, docs.map(({ row, doc }) => ({ rowid: row.rowid!, doc })));
  }
}

async function setVectors(db: Kysely<any>, rows: Array<{ id: string; doc: SearchDocument }>): Promise<void> {
  const values = sql.join(rows.map(({ id, doc }) => sql`(${id}, ${tsvectorOf(doc)})`));
  await sql`update emails set search_tsv = v.tsv from (values ${values}) as v(id, tsv) where emails.id = v.id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index if exists emails_search`.execute(db);
    await sql`alter table emails drop column if exists search_tsv`.execute(db);
  } else {
    await sql`drop trigger if exists emails_fts_delete`.execute(db);
    await sql`drop table if exists emails_fts`.execute(db);
  }
}
