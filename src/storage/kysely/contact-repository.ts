import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { ContactGroupsTable, ContactsTable, Database } from '../schema.js';
import type { ContactFilter, ContactGroupRecord, ContactRecord, ContactRepository } from '../ports.js';
import { paged } from './paged.js';
import { recordDomainEvents } from './domain-event-repository.js';
import { containsPattern, flag, fromMillis, isSet, toMillis } from './rows.js';

/** Ids per IN (...) list: far below either dialect's bound-parameter limit. */
const IDS_PER_STATEMENT = 500;

const toContact = (row: Selectable<ContactsTable>): ContactRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  groupId: row.group_id,
  firstName: row.first_name,
  lastName: row.last_name,
  company: row.company,
  emailAddresses: JSON.parse(row.email_addresses) as string[],
  tags: JSON.parse(row.tags) as string[],
  metaData: row.meta_data === null ? null : (JSON.parse(row.meta_data) as Record<string, unknown>),
  optOut: isSet(row.opt_out),
  createdAt: fromMillis(row.created_at),
});

const toGroup = (row: Selectable<ContactGroupsTable>): ContactGroupRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  description: row.description,
  createdAt: fromMillis(row.created_at),
});

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const CONTACT_ORDER = ['contacts.created_at', 'contacts.id'] as const;
const GROUP_ORDER = ['created_at', 'id'] as const;

function contactWhere(tenantId: string, filter: ContactFilter) {
  return (eb: ExpressionBuilder<Database, 'contacts'>) => {
    const and = [eb('contacts.tenant_id', '=', tenantId)];
    if (filter.groupId !== undefined) {
      and.push(eb('contacts.id', 'in', eb.selectFrom('contact_group_members').select('contact_id').where('group_id', '=', filter.groupId)));
    }
    if (filter.since) and.push(eb('contacts.created_at', '>', toMillis(filter.since)));
    if (filter.before) and.push(eb('contacts.created_at', '<', toMillis(filter.before)));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      const like = (column: string) => sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
      and.push(eb.or(['contacts.first_name', 'contacts.last_name', 'contacts.company', 'contacts.email_addresses', 'contacts.id'].map(like)));
    }
    return eb.and(and);
  };
}

/**
 * Contacts (of `ids`, or all) named by `groupId` that left it name the group they joined
 * first of those they are still in, or none.
 */
async function renameGroup(trx: Kysely<Database>, tenantId: string, groupId: string, ids?: string[]): Promise<void> {
  await trx.updateTable('contacts')
    .set((eb) => ({
      group_id: eb.selectFrom('contact_group_members as m').select('m.group_id')
        .whereRef('m.contact_id', '=', 'contacts.id')
        .orderBy('m.added_at', 'asc').orderBy('m.group_id', 'asc').limit(1),
    }))
    .where('tenant_id', '=', tenantId).where('group_id', '=', groupId)
    .$if(ids !== undefined, (q) => q.where('id', 'in', ids!))
    .execute();
}

export function contactRepository(db: Kysely<Database>): ContactRepository {
  const findContacts = async (trx: Kysely<Database>, tenantId: string, ids: string[]) => {
    const out: ContactRecord[] = [];
    for (const chunk of chunks([...new Set(ids)], IDS_PER_STATEMENT)) {
      const rows = await trx.selectFrom('contacts').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', chunk).execute();
      out.push(...rows.map(toContact));
    }
    return out;
  };

  return {
    createContact(contact) {
      return db.transaction().execute(async (trx) => {
        await trx.insertInto('contacts').values({
          id: contact.id,
          tenant_id: contact.tenantId,
          group_id: contact.groupId,
          first_name: contact.firstName,
          last_name: contact.lastName,
          company: contact.company,
          email_addresses: JSON.stringify(contact.emailAddresses),
          primary_email: contact.emailAddresses[0]?.toLowerCase() ?? null,
          tags: JSON.stringify(contact.tags),
          meta_data: contact.metaData === null ? null : JSON.stringify(contact.metaData),
          opt_out: flag(contact.optOut),
          created_at: toMillis(contact.createdAt),
        }).execute();
        if (contact.groupId !== null) {
          await trx.insertInto('contact_group_members').values({
            group_id: contact.groupId, contact_id: contact.id, tenant_id: contact.tenantId, added_at: toMillis(contact.createdAt),
          }).execute();
        }
        // NEW_CONTACT webhooks: the event commits with the contact (outbox), never announced unsaved.
        await recordDomainEvents(trx, [{ tenantId: contact.tenantId, name: 'contact.created', inboxId: null, entityId: contact.id, occurredAt: contact.createdAt }]);
      });
    },

    async findContact(tenantId, id) {
      const row = await db.selectFrom('contacts').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toContact(row);
    },

    findContacts: (tenantId, ids) => findContacts(db, tenantId, ids),

    async listContacts(tenantId) {
      const rows = await db.selectFrom('contacts').selectAll().where('tenant_id', '=', tenantId)
        .orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
      return rows.map(toContact);
    },

    async pageContacts(tenantId, filter, page) {
      const { items, total } = await paged(db.selectFrom('contacts').selectAll().where(contactWhere(tenantId, filter)), page, CONTACT_ORDER);
      return { items: items.map(toContact), total };
    },

    deleteContact(tenantId, id) {
      return db.transaction().execute(async (trx) => {
        // explicit rather than left to the foreign key: SQLite enforces it only with the pragma on
        await trx.deleteFrom('contact_group_members').where('tenant_id', '=', tenantId).where('contact_id', '=', id).execute();
        const result = await trx.deleteFrom('contacts').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },

    async createGroup(group) {
      await db.insertInto('contact_groups').values({
        id: group.id, tenant_id: group.tenantId, name: group.name, description: group.description, created_at: toMillis(group.createdAt),
      }).execute();
    },

    async findGroup(tenantId, id) {
      const row = await db.selectFrom('contact_groups').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toGroup(row);
    },

    async listGroups(tenantId) {
      const rows = await db.selectFrom('contact_groups').selectAll().where('tenant_id', '=', tenantId)
        .orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
      return rows.map(toGroup);
    },

    async pageGroups(tenantId, filter, page) {
      let query = db.selectFrom('contact_groups').selectAll().where('tenant_id', '=', tenantId);
      if (filter.since) query = query.where('created_at', '>', toMillis(filter.since));
      if (filter.before) query = query.where('created_at', '<', toMillis(filter.before));
      const { items, total } = await paged(query, page, GROUP_ORDER);
      return { items: items.map(toGroup), total };
    },

    deleteGroup(tenantId, id) {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('contact_group_members').where('tenant_id', '=', tenantId).where('group_id', '=', id).execute();
        await renameGroup(trx, tenantId, id);
        const result = await trx.deleteFrom('contact_groups').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },

    addMembers(tenantId, groupId, contactIds) {
      return db.transaction().execute(async (trx) => {
        const wanted = [...new Set(contactIds)];
        const found = new Set((await findContacts(trx, tenantId, wanted)).map((c) => c.id));
        const missing = wanted.filter((id) => !found.has(id));
        if (missing.length > 0) return { missing };
        const now = Date.now();
        for (const chunk of chunks(wanted, IDS_PER_STATEMENT / 5)) {
          await trx.insertInto('contact_group_members')
            .values(chunk.map((contactId) => ({ group_id: groupId, contact_id: contactId, tenant_id: tenantId, added_at: now })))
            .onConflict((oc) => oc.columns(['group_id', 'contact_id']).doNothing())
            .execute();
          // a contact in no group yet names this one as its group
          await trx.updateTable('contacts').set({ group_id: groupId })
            .where('tenant_id', '=', tenantId).where('id', 'in', chunk).where('group_id', 'is', null).execute();
        }
        return { missing: [] };
      });
    },

    removeMembers(tenantId, groupId, contactIds) {
      return db.transaction().execute(async (trx) => {
        for (const chunk of chunks([...new Set(contactIds)], IDS_PER_STATEMENT)) {
          await trx.deleteFrom('contact_group_members')
            .where('tenant_id', '=', tenantId).where('group_id', '=', groupId).where('contact_id', 'in', chunk).execute();
          await renameGroup(trx, tenantId, groupId, chunk);
        }
      });
    },

    async membersOf(tenantId, groupId) {
      const rows = await db.selectFrom('contacts').selectAll()
        .where(contactWhere(tenantId, { groupId }))
        .orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
      return rows.map(toContact);
    },
  };
}
