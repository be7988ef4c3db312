import { type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { ResourceOwner, TeamAccessRepository } from '../ports.js';

/**
 * The owner condition of a list: the tenant's own rows, or, with an organisation, the rows of
 * every member of it (one subquery, so no list of member ids is ever bound).
 */
export function ownedBy<DB extends Database, TB extends keyof DB & string>(
  eb: ExpressionBuilder<DB, TB>,
  column: string,
  tenantId: string,
  organizationId: string | undefined,
) {
  const e = eb as unknown as ExpressionBuilder<Database, 'users'>;
  const ref = column as 'users.id';
  if (organizationId === undefined) return e(ref, '=', tenantId);
  return e(ref, 'in', e.selectFrom('users as m').select('m.id').where('m.organization_id', '=', organizationId));
}

/** The three tables share the columns read here (id, tenant_id). */
type Owned = 'inboxes' | 'emails' | 'sent_emails';

/** One lookup by primary key, joined to the owning user for its organisation. */
async function ownerIn(db: Kysely<Database>, table: Owned, id: string): Promise<ResourceOwner | undefined> {
  const row = await db
    .selectFrom(`${table} as r` as 'inboxes as r')
    .innerJoin('users as u', 'u.id', 'r.tenant_id')
    .select(['r.tenant_id', 'u.organization_id', 'u.org_role'])
    .where('r.id', '=', id)
    .executeTakeFirst();
  return row && { tenantId: row.tenant_id, organizationId: row.organization_id, orgRole: row.org_role };
}

export function teamAccessRepository(db: Kysely<Database>): TeamAccessRepository {
  return {
    inboxOwner: (inboxId) => ownerIn(db, 'inboxes', inboxId),
    async emailOwner(emailId) {
      return (await ownerIn(db, 'emails', emailId)) ?? ownerIn(db, 'sent_emails', emailId);
    },
    sentEmailOwner: (sentId) => ownerIn(db, 'sent_emails', sentId),
  };
}
