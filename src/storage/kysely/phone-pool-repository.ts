import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PhonePoolsTable } from '../schema.js';
import type { NewPhonePoolLease, PhonePoolLeaseRecord, PhonePoolMemberRecord, PhonePoolRecord, PhonePoolRepository } from '../ports.js';
import { fromMillis, toMillis } from './rows.js';
import { isUniqueViolation } from './unique-violation.js';

/** Ids per IN (...) list: far below either dialect's bound-parameter limit. */
const IDS_PER_STATEMENT = 500;
/** Free numbers looked at per round of an acquire. */
const CANDIDATES = 16;

const toPool = (row: Selectable<PhonePoolsTable>): PhonePoolRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  description: row.description,
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

interface LeaseRow {
  id: string; tenant_id: string; pool_id: string; phone_id: string; lease_name: string | null; lease_owner: string | null;
  leased_at: number; expires_at: number; phone_number: string; phone_country: string; phone_name: string | null;
}

const toLease = (row: LeaseRow): PhonePoolLeaseRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  poolId: row.pool_id,
  phoneId: row.phone_id,
  phoneNumber: row.phone_number,
  phoneCountry: row.phone_country,
  phoneName: row.phone_name,
  leaseName: row.lease_name,
  leaseOwner: row.lease_owner,
  leasedAt: fromMillis(row.leased_at),
  expiresAt: fromMillis(row.expires_at),
});

export function phonePoolRepository(db: Kysely<Database>): PhonePoolRepository {
  const leases = () => db
    .selectFrom('phone_pool_leases as l')
    .innerJoin('phone_numbers as p', 'p.id', 'l.phone_id')
    .select(['l.id', 'l.tenant_id', 'l.pool_id', 'l.phone_id', 'l.lease_name', 'l.lease_owner', 'l.leased_at', 'l.expires_at',
      'p.phone_number', 'p.phone_country', 'p.name as phone_name']);

  const findPool = async (tenantId: string, column: 'id' | 'name', value: string) => {
    const row = await db.selectFrom('phone_pools').selectAll().where('tenant_id', '=', tenantId).where(column, '=', value).executeTakeFirst();
    return row && toPool(row);
  };

  return {
    async create(pool) {
      try {
        await db.insertInto('phone_pools').values({
          id: pool.id, tenant_id: pool.tenantId, name: pool.name, description: pool.description,
          created_at: toMillis(pool.createdAt), updated_at: toMillis(pool.updatedAt),
        }).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    findById: (tenantId, id) => findPool(tenantId, 'id', id),
    findByName: (tenantId, name) => findPool(tenantId, 'name', name),

    async list(tenantId, now) {
      const at = toMillis(now);
      const rows = await db
        .selectFrom('phone_pools as pool')
        .selectAll('pool')
        .select((eb) => [
          eb.selectFrom('phone_pool_members as m').whereRef('m.pool_id', '=', 'pool.id').select(eb.fn.countAll().as('n')).as('member_count'),
          eb.selectFrom('phone_pool_members as m')
            .innerJoin('phone_pool_leases as l', 'l.phone_id', 'm.phone_id')
            .whereRef('m.pool_id', '=', 'pool.id').where('l.expires_at', '>', at)
            .select(eb.fn.countAll().as('n')).as('leased_count'),
        ])
        .where('pool.tenant_id', '=', tenantId)
        .orderBy('pool.created_at').orderBy('pool.id')
        .execute();
      return rows.map((row) => ({ ...toPool(row), memberCount: Number(row.member_count ?? 0), leasedMemberCount: Number(row.leased_count ?? 0) }));
    },

    async members(tenantId, poolId, now) {
      const at = toMillis(now);
      const rows = await db
        .selectFrom('phone_pool_members as m')
        .innerJoin('phone_numbers as p', 'p.id', 'm.phone_id')
        .leftJoin('phone_pool_leases as l', (join) => join.onRef('l.phone_id', '=', 'm.phone_id').on('l.expires_at', '>', at))
        .select(['m.id', 'm.pool_id', 'm.phone_id', 'm.created_at', 'p.phone_number', 'p.phone_country', 'p.name as phone_name',
          'l.id as lease_id', 'l.tenant_id as lease_tenant_id', 'l.pool_id as lease_pool_id', 'l.lease_name', 'l.lease_owner', 'l.leased_at', 'l.expires_at'])
        .where('m.tenant_id', '=', tenantId).where('m.pool_id', '=', poolId)
        .orderBy('m.created_at').orderBy('p.created_at').orderBy('m.id')
        .execute();
      return rows.map((row): PhonePoolMemberRecord => {
        const phone = { phoneId: row.phone_id, phoneNumber: row.phone_number, phoneCountry: row.phone_country, phoneName: row.phone_name };
        return {
          id: row.id, poolId: row.pool_id, createdAt: fromMillis(row.created_at), ...phone,
          lease: row.lease_id === null ? null : {
            id: row.lease_id, tenantId: row.lease_tenant_id!, poolId: row.lease_pool_id!, ...phone,
            leaseName: row.lease_name, leaseOwner: row.lease_owner, leasedAt: fromMillis(row.leased_at!), expiresAt: fromMillis(row.expires_at!),
          },
        };
      });
    },

    async update(tenantId, id, change) {
      try {
        const result = await db.updateTable('phone_pools')
          .set({
            ...(change.name !== undefined ? { name: change.name } : {}),
            ...(change.description !== undefined ? { description: change.description } : {}),
            updated_at: toMillis(change.updatedAt),
          })
          .where('tenant_id', '=', tenantId).where('id', '=', id)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0 ? 'updated' : 'missing';
      } catch (error) {
        if (isUniqueViolation(error)) return 'name-taken';
        throw error;
      }
    },

    async delete(tenantId, id) {
      // members and leases go with the pool (foreign keys, on delete cascade)
      const result = await db.deleteFrom('phone_pools').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async ownedPhones(tenantId, phoneIds) {
      const owned = new Set<string>();
      for (let i = 0; i < phoneIds.length; i += IDS_PER_STATEMENT) {
        const chunk = phoneIds.slice(i, i + IDS_PER_STATEMENT);
        const rows = await db.selectFrom('phone_numbers').select('id').where('tenant_id', '=', tenantId).where('id', 'in', chunk).execute();
        for (const row of rows) owned.add(row.id);
      }
      return owned;
    },

    async addMembers(tenantId, poolId, phoneIds, at) {
      const ids = [...new Set(phoneIds)];
      for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
        const chunk = ids.slice(i, i + IDS_PER_STATEMENT);
        await db.insertInto('phone_pool_members')
          .values(chunk.map((phoneId) => ({ id: randomUUID(), tenant_id: tenantId, pool_id: poolId, phone_id: phoneId, created_at: toMillis(at) })))
          .onConflict((oc) => oc.columns(['pool_id', 'phone_id']).doNothing())
          .execute();
      }
    },

    async addAllMembers(tenantId, poolId, at) {
      const phones = await db.selectFrom('phone_numbers').select('id').where('tenant_id', '=', tenantId)
        .where(({ not, exists, selectFrom }) => not(exists(
          selectFrom('phone_pool_members as m').select('m.id').where('m.pool_id', '=', poolId).whereRef('m.phone_id', '=', 'phone_numbers.id'),
        )))
        .orderBy('created_at').orderBy('id')
        .execute();
      await this.addMembers(tenantId, poolId, phones.map((p) => p.id), at);
    },

    async removeMember(tenantId, poolId, phoneId) {
      const result = await db.deleteFrom('phone_pool_members')
        .where('tenant_id', '=', tenantId).where('pool_id', '=', poolId).where('phone_id', '=', phoneId)
        .executeTakeFirst();
      await db.deleteFrom('phone_pool_leases')
        .where('tenant_id', '=', tenantId).where('pool_id', '=', poolId).where('phone_id', '=', phoneId)
        .execute();
      return Number(result.numDeletedRows) > 0;
    },

    async acquire(tenantId, poolId, lease: NewPhonePoolLease) {
      const at = toMillis(lease.leasedAt);
      for (;;) {
        // numbers of the pool without a lease active now: never leased, or their lease has ended
        const candidates = await db
          .selectFrom('phone_pool_members as m')
          .innerJoin('phone_numbers as p', 'p.id', 'm.phone_id')
          .leftJoin('phone_pool_leases as l', 'l.phone_id', 'm.phone_id')
          .select('m.phone_id')
          .where('m.tenant_id', '=', tenantId).where('m.pool_id', '=', poolId)
          .where((eb) => eb.or([eb('l.id', 'is', null), eb('l.expires_at', '<=', at)]))
          // in the order the pool lists them
          .orderBy('m.created_at').orderBy('p.created_at').orderBy('m.id')
          .limit(CANDIDATES)
          .execute();
        if (candidates.length === 0) return undefined;
        for (const { phone_id: phoneId } of candidates) {
          // an ended lease makes way; a lease taken meanwhile is active and stays
          await db.deleteFrom('phone_pool_leases').where('phone_id', '=', phoneId).where('expires_at', '<=', at).execute();
          try {
            await db.insertInto('phone_pool_leases').values({
              id: lease.id, tenant_id: tenantId, pool_id: poolId, phone_id: phoneId, lease_name: lease.leaseName, lease_owner: lease.leaseOwner,
              leased_at: at, expires_at: toMillis(lease.expiresAt),
            }).execute();
          } catch (error) {
            // another acquire leased this number first: try the next
            if (isUniqueViolation(error)) continue;
            throw error;
          }
          const row = await leases().where('l.id', '=', lease.id).executeTakeFirst();
          if (row) return toLease(row);
        }
        // every candidate went to concurrent acquires: look again
      }
    },

    async release(tenantId, poolId, leaseId) {
      const result = await db.deleteFrom('phone_pool_leases')
        .where('tenant_id', '=', tenantId).where('pool_id', '=', poolId).where('id', '=', leaseId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async nextExpiry(tenantId, poolId, now) {
      const row = await db
        .selectFrom('phone_pool_members as m')
        .innerJoin('phone_pool_leases as l', 'l.phone_id', 'm.phone_id')
        .select((eb) => eb.fn.min('l.expires_at').as('next'))
        .where('m.tenant_id', '=', tenantId).where('m.pool_id', '=', poolId).where('l.expires_at', '>', toMillis(now))
        .executeTakeFirst();
      return row?.next == null ? undefined : fromMillis(Number(row.next));
    },
  };
}

