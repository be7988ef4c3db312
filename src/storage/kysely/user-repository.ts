import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../schema.js';
import type { UserRecord, UserRepository } from '../ports.js';
import { paged } from './paged.js';
import { flag, fromMillis, isSet, toMillis } from './rows.js';

export const toUser = (row: Omit<Selectable<UsersTable>, 'organization_id' | 'org_role' | 'active'> & Partial<Selectable<UsersTable>>): UserRecord => ({
  id: row.id,
  email: row.email,
  name: row.name,
  isAdmin: isSet(row.is_admin),
  createdAt: fromMillis(row.created_at),
  organizationId: row.organization_id ?? null,
  orgRole: row.org_role ?? null,
  active: row.active === undefined ? true : isSet(row.active),
});

export function userRepository(db: Kysely<Database>): UserRepository {
  return {
    async create(user) {
      await db
        .insertInto('users')
        .values({
          id: user.id,
          email: user.email,
          name: user.name,
          is_admin: flag(user.isAdmin),
          created_at: toMillis(user.createdAt),
          organization_id: user.organizationId ?? null,
          org_role: user.orgRole ?? null,
          active: flag(user.active ?? true),
        })
        .execute();
    },
    async findById(id) {
      const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toUser(row);
    },
    async findByEmail(email) {
      const row = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
      return row && toUser(row);
    },
    async findFirstAdmin() {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('is_admin', '=', 1)
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirst();
      return row && toUser(row);
    },
    async list(page) {
      // ties are broken by id ascending whichever way the page runs
      const { items, total } = await paged(db.selectFrom('users').selectAll(), page, ['created_at', ['id', 'asc']]);
      return { items: items.map(toUser), total };
    },
  };
}
