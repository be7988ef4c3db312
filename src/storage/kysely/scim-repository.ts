import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, UsersTable } from '../schema.js';
import type { ScimGroupsTable, ScimUsersTable } from '../scim-tables.js';
import type { ScimGroupRecord, ScimRepository, ScimUserRecord, ScimUserWrite, ScimWriteOutcome } from '../ports.js';
import { collectBlobs } from './blobs.js';
import { flag, fromMillis, fromMillisOrNull, toMillis } from './rows.js';
import { toUser } from './user-repository.js';

type Joined = Selectable<UsersTable> & {
  user_name: string | null;
  external_id: string | null;
  resource: string | null;
  version: number | null;
  updated_at: number | null;
};

const toScimUser = (row: Joined): ScimUserRecord => ({
  user: toUser(row),
  userName: row.user_name,
  externalId: row.external_id,
  attributes: row.resource ? (JSON.parse(row.resource) as Record<string, unknown>) : {},
  version: Number(row.version ?? 0),
  updatedAt: fromMillisOrNull(row.updated_at === null ? null : Number(row.updated_at)),
});

/** SQLite and PostgreSQL name a unique violation differently; the index decides a race between two writers. */
const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: unknown; message?: unknown };
  return e?.code === '23505' || (typeof e?.message === 'string' && /UNIQUE constraint failed/i.test(e.message));
};

function selectMembers(db: Kysely<Database> | Transaction<Database>, organizationId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('scim_users as s', 's.user_id', 'u.id')
    .selectAll('u')
    .select(['s.user_name', 's.external_id', 's.resource', 's.version', 's.updated_at'])
    .where('u.organization_id', '=', organizationId);
}

/** Is the email or userName held by a user other than `userId`? */
async function taken(trx: Transaction<Database>, userId: string, write: ScimUserWrite): Promise<ScimWriteOutcome | undefined> {
  const byName = await trx.selectFrom('scim_users').select('user_id').where('user_name_lower', '=', write.userName.toLowerCase()).where('user_id', '<>', userId).executeTakeFirst();
  if (byName) return 'userNameTaken';
  const byEmail = await trx.selectFrom('users').select('id').where('email', '=', write.email).where('id', '<>', userId).executeTakeFirst();
  if (byEmail) return 'emailTaken';
  return undefined;
}

const scimRow = (userId: string, version: number, write: ScimUserWrite): Selectable<ScimUsersTable> => ({
  user_id: userId,
  user_name: write.userName,
  user_name_lower: write.userName.toLowerCase(),
  external_id: write.externalId,
  resource: JSON.stringify(write.attributes),
  version,
  updated_at: toMillis(write.at),
});

async function membersOf(db: Kysely<Database>, groupIds: string[]): Promise<Map<string, string[]>> {
  const byGroup = new Map<string, string[]>();
  for (let i = 0; i < groupIds.length; i += 500) {
    const rows = await db
      .selectFrom('scim_group_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.group_id', 'm.user_id'])
      .where('m.group_id', 'in', groupIds.slice(i, i + 500))
      .orderBy('u.created_at')
      .orderBy('u.id')
      .execute();
    for (const r of rows) byGroup.set(r.group_id, [...(byGroup.get(r.group_id) ?? []), r.user_id]);
  }
  return byGroup;
}

const toGroup = (row: Selectable<ScimGroupsTable>, memberIds: string[]): ScimGroupRecord => ({
  id: row.id,
  organizationId: row.organization_id,
  displayName: row.display_name,
  externalId: row.external_id,
  memberIds,
  version: Number(row.version),
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

export function scimRepository(db: Kysely<Database>): ScimRepository {
  async function writeMembers(trx: Transaction<Database>, groupId: string, memberIds: string[]): Promise<void> {
    await trx.deleteFrom('scim_group_members').where('group_id', '=', groupId).execute();
    const unique = [...new Set(memberIds)];
    for (let i = 0; i < unique.length; i += 300) {
      await trx.insertInto('scim_group_members').values(unique.slice(i, i + 300).map((user_id) => ({ group_id: groupId, user_id }))).execute();
    }
  }

  return {
    async users(organizationId) {
      const rows = await selectMembers(db, organizationId).orderBy('u.created_at').orderBy('u.id').execute();
      return rows.map((r) => toScimUser(r as Joined));
    },
    async user(organizationId, userId) {
      const row = await selectMembers(db, organizationId).where('u.id', '=', userId).executeTakeFirst();
      return row && toScimUser(row as Joined);
    },
    async createUser(organizationId, user, write) {
      try {
        return await db.transaction().execute(async (trx) => {
          const clash = await taken(trx, user.id, write);
          if (clash) return clash;
          await trx
            .insertInto('users')
            .values({
              id: user.id, email: write.email, name: write.name, is_admin: 0, created_at: toMillis(user.createdAt),
              organization_id: organizationId, org_role: 'MEMBER', active: flag(write.active),
            })
            .execute();
          await trx.insertInto('scim_users').values(scimRow(user.id, 1, write)).execute();
          return 'ok' as const;
        });
      } catch (err) {
        if (isUniqueViolation(err)) return 'userNameTaken';
        throw err;
      }
    },
    async updateUser(organizationId, userId, expectedVersion, write) {
      try {
        return await db.transaction().execute(async (trx) => {
          const member = await trx.selectFrom('users').select('id').where('id', '=', userId).where('organization_id', '=', organizationId).executeTakeFirst();
          if (!member) return 'missing' as const;
          const clash = await taken(trx, userId, write);
          if (clash) return clash;
          if (expectedVersion === 0) {
            // The first SCIM write of a member an admin added: the insert decides a race with another.
            const inserted = await trx.insertInto('scim_users').values(scimRow(userId, 1, write)).onConflict((c) => c.column('user_id').doNothing()).executeTakeFirst();
            if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return 'stale' as const;
          } else {
            const { user_id: _id, ...changes } = scimRow(userId, expectedVersion + 1, write);
            const updated = await trx.updateTable('scim_users').set(changes).where('user_id', '=', userId).where('version', '=', expectedVersion).executeTakeFirst();
            if (Number(updated.numUpdatedRows) === 0) return 'stale' as const;
          }
          await trx.updateTable('users').set({ email: write.email, name: write.name, active: flag(write.active) }).where('id', '=', userId).execute();
          return 'ok' as const;
        });
      } catch (err) {
        if (isUniqueViolation(err)) return 'userNameTaken';
        throw err;
      }
    },
    async deleteUser(organizationId, userId) {
      return db.transaction().execute(async (trx) => {
        // The user's stored bytes, collected once the rows that name them are gone (by cascade).
        const hashes = [
          ...(await trx.selectFrom('emails').select('raw_sha256 as h').where('tenant_id', '=', userId).execute()),
          ...(await trx.selectFrom('sent_emails').select('raw_sha256 as h').where('tenant_id', '=', userId).execute()),
          ...(await trx.selectFrom('attachments').select('blob_sha256 as h').where('tenant_id', '=', userId).execute()),
        ].map((r) => r.h);
        const result = await trx.deleteFrom('users').where('id', '=', userId).where('organization_id', '=', organizationId).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        await collectBlobs(trx, hashes);
        return true;
      });
    },
    async groups(organizationId) {
      const rows = await db.selectFrom('scim_groups').selectAll().where('organization_id', '=', organizationId).orderBy('created_at').orderBy('id').execute();
      const members = await membersOf(db, rows.map((r) => r.id));
      return rows.map((r) => toGroup(r, members.get(r.id) ?? []));
    },
    async group(organizationId, groupId) {
      const row = await db.selectFrom('scim_groups').selectAll().where('organization_id', '=', organizationId).where('id', '=', groupId).executeTakeFirst();
      if (!row) return undefined;
      return toGroup(row, (await membersOf(db, [row.id])).get(row.id) ?? []);
    },
    async groupsOf(userId) {
      const rows = await db
        .selectFrom('scim_group_members as m')
        .innerJoin('scim_groups as g', 'g.id', 'm.group_id')
        .select(['g.id', 'g.display_name'])
        .where('m.user_id', '=', userId)
        .orderBy('g.created_at')
        .orderBy('g.id')
        .execute();
      return rows.map((r) => ({ id: r.id, displayName: r.display_name }));
    },
    async createGroup(group) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('scim_groups')
          .values({
            id: group.id, organization_id: group.organizationId, display_name: group.displayName, external_id: group.externalId,
            version: group.version, created_at: toMillis(group.createdAt), updated_at: toMillis(group.updatedAt),
          })
          .execute();
        await writeMembers(trx, group.id, group.memberIds);
      });
    },
    async updateGroup(organizationId, groupId, expectedVersion, write) {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('scim_groups')
          .set({ display_name: write.displayName, external_id: write.externalId, version: expectedVersion + 1, updated_at: toMillis(write.at) })
          .where('id', '=', groupId)
          .where('organization_id', '=', organizationId)
          .where('version', '=', expectedVersion)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) {
          const exists = await trx.selectFrom('scim_groups').select('id').where('id', '=', groupId).where('organization_id', '=', organizationId).executeTakeFirst();
          return exists ? ('stale' as const) : ('missing' as const);
        }
        await writeMembers(trx, groupId, write.memberIds);
        return 'ok' as const;
      });
    },
    async deleteGroup(organizationId, groupId) {
      const result = await db.deleteFrom('scim_groups').where('id', '=', groupId).where('organization_id', '=', organizationId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
