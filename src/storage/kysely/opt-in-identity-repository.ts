import type { Kysely, Selectable } from 'kysely';
import type { Database, OptInIdentitiesTable } from '../schema.js';
import type { OptInIdentityRecord, OptInIdentityRepository } from '../ports.js';
import { BY_CREATION, paged } from './paged.js';
import { fromMillis, fromMillisOrNull, toMillis, toMillisOrNull } from './rows.js';

/** Addresses per IN (...) list: far below either dialect's bound-parameter limit. */
const ADDRESSES_PER_STATEMENT = 500;

const toRecord = (row: Selectable<OptInIdentitiesTable>): OptInIdentityRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  emailAddress: row.email_address,
  state: row.state,
  tokenHash: row.token_hash,
  requestedAt: fromMillisOrNull(row.requested_at),
  verifiedAt: fromMillisOrNull(row.verified_at),
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

export function optInIdentityRepository(db: Kysely<Database>): OptInIdentityRepository {
  const find = async (tenantId: string, emailAddress: string) => {
    const row = await db.selectFrom('opt_in_identities').selectAll()
      .where('tenant_id', '=', tenantId).where('email_address', '=', emailAddress).executeTakeFirst();
    return row && toRecord(row);
  };

  return {
    find,

    async findMany(tenantId, emailAddresses) {
      const wanted = [...new Set(emailAddresses)];
      const out: OptInIdentityRecord[] = [];
      for (let i = 0; i < wanted.length; i += ADDRESSES_PER_STATEMENT) {
        const rows = await db.selectFrom('opt_in_identities').selectAll()
          .where('tenant_id', '=', tenantId).where('email_address', 'in', wanted.slice(i, i + ADDRESSES_PER_STATEMENT)).execute();
        out.push(...rows.map(toRecord));
      }
      return out;
    },

    async findByTokenHash(tokenHash) {
      const row = await db.selectFrom('opt_in_identities').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      return row && toRecord(row);
    },

    async upsert(record) {
      // One statement: two requests for the same address at once leave one row, the later state.
      await db.insertInto('opt_in_identities').values({
        id: record.id,
        tenant_id: record.tenantId,
        email_address: record.emailAddress,
        state: record.state,
        token_hash: record.tokenHash,
        requested_at: toMillisOrNull(record.requestedAt),
        verified_at: toMillisOrNull(record.verifiedAt),
        created_at: toMillis(record.createdAt),
        updated_at: toMillis(record.updatedAt),
      }).onConflict((oc) => oc.columns(['tenant_id', 'email_address']).doUpdateSet((eb) => ({
        state: eb.ref('excluded.state'),
        token_hash: eb.ref('excluded.token_hash'),
        requested_at: eb.ref('excluded.requested_at'),
        verified_at: eb.ref('excluded.verified_at'),
        updated_at: eb.ref('excluded.updated_at'),
      }))).execute();
      return (await find(record.tenantId, record.emailAddress))!;
    },

    async remove(tenantId, emailAddress) {
      await db.deleteFrom('opt_in_identities').where('tenant_id', '=', tenantId).where('email_address', '=', emailAddress).execute();
    },

    async page(tenantId, page) {
      const { items, total } = await paged(db.selectFrom('opt_in_identities').selectAll().where('tenant_id', '=', tenantId), page, BY_CREATION);
      return { items: items.map(toRecord), total };
    },
  };
}
