/** The rows of ExportController's exports, read straight from the entities' tables. */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../schema.js';
import type { ExportFilter, ExportRepository, ExportRow, ExportType } from '../ports.js';
import { fromMillis, fromMillisOrNull, isSet, toMillis } from './rows.js';

const iso = (millis: number | string) => fromMillis(Number(millis)).toISOString();
const isoOrNull = (millis: number | string | null) => fromMillisOrNull(millis === null ? null : Number(millis))?.toISOString() ?? null;
const list = (json: string | null): string[] => {
  if (!json) return [];
  const value = JSON.parse(json) as unknown;
  return Array.isArray(value) ? value.map(String) : [];
};
const addresses = (entries: unknown): string[] =>
  Array.isArray(entries) ? entries.map((e) => String((e as { emailAddress?: string }).emailAddress ?? '')) : [];

export function exportRepository(db: Kysely<Database>): ExportRepository {
  /** The created_at window and the previously-exported exclusion, on any of the exported tables. */
  function narrow<T extends 'inboxes' | 'emails' | 'contacts' | 'attachments', O>(
    query: SelectQueryBuilder<Database, T, O>, tenantId: string, type: ExportType, filter: ExportFilter, limit: number,
  ): SelectQueryBuilder<Database, T, O> {
    // Kysely cannot see through the generic table name: the columns are the same on each table.
    let q = query as unknown as SelectQueryBuilder<Database, 'inboxes', O>;
    q = q.where('tenant_id', '=', tenantId);
    if (filter.createdFrom) q = q.where('created_at', '>=', toMillis(filter.createdFrom));
    if (filter.createdTo) q = q.where('created_at', '<=', toMillis(filter.createdTo));
    if (filter.excludePreviouslyExported) {
      q = q.where('id', 'not in', db.selectFrom('exported_entities').select('entity_id')
        .where('tenant_id', '=', tenantId).where('export_type', '=', type));
    }
    return q.orderBy('created_at').orderBy('id').limit(limit) as unknown as SelectQueryBuilder<Database, T, O>;
  }

  return {
    async rows(tenantId, type, filter, limit): Promise<ExportRow[]> {
      switch (type) {
        case 'INBOXES': {
          const rows = await narrow(db.selectFrom('inboxes').selectAll(), tenantId, type, filter, limit).execute();
          const tags = new Map<string, string[]>();
          if (rows.length) {
            const tagRows = await db.selectFrom('inbox_tags').select(['inbox_id', 'tag']).where('tenant_id', '=', tenantId)
              .where('inbox_id', 'in', rows.map((r) => r.id)).orderBy('tag').execute();
            for (const t of tagRows) tags.set(t.inbox_id, [...(tags.get(t.inbox_id) ?? []), t.tag]);
          }
          return rows.map((r) => ({
            id: r.id, emailAddress: r.email_address, name: r.name, description: r.description, inboxType: r.inbox_type,
            favourite: isSet(r.favourite), tags: tags.get(r.id) ?? [], createdAt: iso(r.created_at), expiresAt: isoOrNull(r.expires_at),
          }));
        }
        case 'EMAILS': {
          const rows = await narrow(db.selectFrom('emails')
            .select(['id', 'inbox_id', 'from_address', 'recipients_json', 'subject', 'read', 'attachment_count', 'created_at']), tenantId, type, filter, limit).execute();
          return rows.map((r) => {
            const recipients = JSON.parse(r.recipients_json) as { to?: unknown; cc?: unknown; bcc?: unknown };
            return {
              id: r.id, inboxId: r.inbox_id, from: r.from_address, to: addresses(recipients.to), cc: addresses(recipients.cc), subject: r.subject,
              read: isSet(r.read), attachmentCount: Number(r.attachment_count), createdAt: iso(r.created_at),
            };
          });
        }
        case 'CONTACTS': {
          const rows = await narrow(db.selectFrom('contacts').selectAll(), tenantId, type, filter, limit).execute();
          return rows.map((r) => ({
            id: r.id, firstName: r.first_name, lastName: r.last_name, company: r.company, emailAddresses: list(r.email_addresses),
            tags: list(r.tags), groupId: r.group_id, optOut: isSet(r.opt_out), createdAt: iso(r.created_at),
          }));
        }
        case 'ATTACHMENTS': {
          const rows = await narrow(db.selectFrom('attachments').select(['id', 'email_id', 'name', 'content_type', 'size', 'created_at']), tenantId, type, filter, limit).execute();
          return rows.map((r) => ({
            id: r.id, emailId: r.email_id, name: r.name, contentType: r.content_type, size: Number(r.size), createdAt: iso(r.created_at),
          }));
        }
      }
    },

    async markExported(tenantId, type, ids, at) {
      // in chunks, under both databases' limits on bound values
      for (let i = 0; i < ids.length; i += 200) {
        const chunk = ids.slice(i, i + 200);
        await db.insertInto('exported_entities')
          .values(chunk.map((id) => ({ tenant_id: tenantId, export_type: type, entity_id: id, exported_at: toMillis(at) })))
          .onConflict((oc) => oc.columns(['tenant_id', 'export_type', 'entity_id']).doNothing())
          .execute();
      }
    },
  };
}
