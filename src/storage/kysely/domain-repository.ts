import type { Kysely, Selectable } from 'kysely';
import type { Database, DomainsTable } from '../schema.js';
import type { DomainRecord, DomainRepository } from '../ports.js';
import { flag, fromMillis, isSet, toMillis } from './rows.js';

const toDomain = (row: Selectable<DomainsTable>): DomainRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  domain: row.domain,
  verified: isSet(row.verified),
  inboxType: row.inbox_type,
  createdAt: fromMillis(row.created_at),
});

export function domainRepository(db: Kysely<Database>): DomainRepository {
  return {
    async create(d) {
      await db
        .insertInto('domains')
        .values({
          id: d.id,
          tenant_id: d.tenantId,
          domain: d.domain,
          verified: flag(d.verified),
          inbox_type: d.inboxType,
          created_at: toMillis(d.createdAt),
        })
        .execute();
    },
    async findByName(tenantId, domain) {
      const row = await db
        .selectFrom('domains')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('domain', '=', domain)
        .executeTakeFirst();
      return row && toDomain(row);
    },
    async findById(tenantId, id) {
      const row = await db
        .selectFrom('domains')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toDomain(row);
    },
  };
}
