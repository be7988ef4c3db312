import type { Kysely, Selectable } from 'kysely';
import type { Database, OrganizationsTable } from '../schema.js';
import type { OrganizationRecord, OrganizationRepository } from '../ports.js';
import { flag, fromMillis, toMillis } from './rows.js';
import { toUser } from './user-repository.js';

const toOrganization = (row: Selectable<OrganizationsTable>): OrganizationRecord => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  createdAt: fromMillis(row.created_at),
});

export function organizationRepository(db: Kysely<Database>): OrganizationRepository {
  return {
    async create(org) {
      // The unique slug decides a race between two creates of the same organisation.
      const result = await db
        .insertInto('organizations')
        .values({ id: org.id, slug: org.slug, name: org.name, created_at: toMillis(org.createdAt) })
        .onConflict((c) => c.column('slug').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
    async findById(id) {
      const row = await db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toOrganization(row);
    },
    async findBySlug(slug) {
      const row = await db.selectFrom('organizations').selectAll().where('slug', '=', slug).executeTakeFirst();
      return row && toOrganization(row);
    },
    async list() {
      const rows = await db.selectFrom('organizations').selectAll().orderBy('created_at').orderBy('id').execute();
      return rows.map(toOrganization);
    },
    async delete(id) {
      return db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ organization_id: null, org_role: null }).where('organization_id', '=', id).execute();
        const result = await trx.deleteFrom('organizations').where('id', '=', id).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },
    async setMember(organizationId, userId, role) {
      const result = await db
        .updateTable('users')
        .set({ organization_id: organizationId, org_role: role })
        .where('id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async removeMember(organizationId, userId) {
      const result = await db
        .updateTable('users')
        .set({ organization_id: null, org_role: null })
        .where('id', '=', userId)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async members(organizationId) {
      const rows = await db
        .selectFrom('users')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toUser);
    },
    async memberIds(organizationId) {
      const rows = await db.selectFrom('users').select('id').where('organization_id', '=', organizationId).execute();
      return rows.map((r) => r.id);
    },
    async setActive(userId, active) {
      const result = await db.updateTable('users').set({ active: flag(active) }).where('id', '=', userId).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
