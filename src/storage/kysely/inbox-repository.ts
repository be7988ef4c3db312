import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { Database, InboxesTable } from '../schema.js';
import type { InboxFilter, InboxRecord, InboxRepository, InboxUpdate } from '../ports.js';
import { deleteEmailsWhere } from './email-repository.js';
import { deleteSentWhere } from './sent-email-repository.js';
import { containsPattern, flag, fromMillis, fromMillisOrNull, isSet, toMillis, toMillisOrNull } from './rows.js';
import { ownedBy } from './team-access-repository.js';
import { BY_CREATION, ordered, paged } from './paged.js';
import { compiledOnce } from './compiled-once.js';

type InboxRow = Selectable<InboxesTable>;

const toInbox = (row: InboxRow, tags: string[]): InboxRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  emailAddress: row.email_address,
  localPart: row.local_part,
  domain: row.domain,
  domainId: row.domain_id,
  name: row.name,
  description: row.description,
  favourite: isSet(row.favourite),
  inboxType: row.inbox_type,
  virtualInbox: isSet(row.virtual_inbox),
  expiresAt: fromMillisOrNull(row.expires_at),
  createdAt: fromMillis(row.created_at),
  tags,
});

/** The WHERE clause for a tenant's inboxes narrowed by `filter`; used by every list and bulk delete. */
function whereFilter(tenantId: string, filter: InboxFilter & { id?: string }) {
  return (eb: ExpressionBuilder<Database, 'inboxes'>) => {
    const and = [ownedBy(eb, 'inboxes.tenant_id', tenantId, filter.organizationId)];
    if (filter.id !== undefined) and.push(eb('inboxes.id', '=', filter.id));
    if (filter.ids?.length) and.push(eb('inboxes.id', 'in', filter.ids));
    if (filter.favourite) and.push(eb('inboxes.favourite', '=', 1));
    if (filter.since) and.push(eb('inboxes.created_at', '>', toMillis(filter.since)));
    if (filter.before) and.push(eb('inboxes.created_at', '<', toMillis(filter.before)));
    if (filter.inboxType) and.push(eb('inboxes.inbox_type', '=', filter.inboxType));
    if (filter.domainId) and.push(eb('inboxes.domain_id', '=', filter.domainId));
    if (filter.name !== undefined) and.push(eb('inboxes.name', '=', filter.name));
    if (filter.description !== undefined) and.push(eb('inboxes.description', '=', filter.description));
    if (filter.expiredAt) {
      and.push(eb('inboxes.expires_at', 'is not', null));
      and.push(eb('inboxes.expires_at', '<=', toMillis(filter.expiredAt)));
    }
    if (filter.withSentMail) {
      and.push(eb.exists(eb.selectFrom('sent_emails as s').select('s.id').whereRef('s.inbox_id', '=', 'inboxes.id')));
    }
    if (filter.tag !== undefined) {
      and.push(
        eb.exists(
          eb.selectFrom('inbox_tags as t').select('t.inbox_id')
            .whereRef('t.inbox_id', '=', 'inboxes.id')
            .where('t.tag', '=', filter.tag),
        ),
      );
    }
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
      and.push(
        eb.or([
          like('inboxes.id'),
          like('inboxes.email_address'),
          like('inboxes.name'),
          eb.exists(
            eb.selectFrom('inbox_tags as t').select('t.inbox_id')
              .whereRef('t.inbox_id', '=', 'inboxes.id')
              .where(sql<boolean>`lower(t.tag) like ${pattern} escape '\\'`),
          ),
        ]),
      );
    }
    return eb.and(and);
  };
}

async function tagsFor(db: Kysely<Database> | Transaction<Database>, ids: string[]): Promise<Map<string, string[]>> {
  const byInbox = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byInbox;
  const rows = await db
    .selectFrom('inbox_tags')
    .select(['inbox_id', 'tag'])
    .where('inbox_id', 'in', ids)
    .orderBy('tag')
    .execute();
  for (const row of rows) byInbox.get(row.inbox_id)?.push(row.tag);
  // Code-point order whatever the database collation, the same order the service creates.
  for (const tags of byInbox.values()) tags.sort();
  return byInbox;
}

async function withTags(db: Kysely<Database>, rows: InboxRow[]): Promise<InboxRecord[]> {
  const tags = await tagsFor(db, rows.map((r) => r.id));
  return rows.map((row) => toInbox(row, tags.get(row.id) ?? []));
}

async function replaceTags(trx: Transaction<Database>, tenantId: string, inboxId: string, tags: string[]) {
  await trx.deleteFrom('inbox_tags').where('inbox_id', '=', inboxId).execute();
  const unique = [...new Set(tags)];
  if (unique.length > 0) {
    await trx
      .insertInto('inbox_tags')
      .values(unique.map((tag) => ({ inbox_id: inboxId, tenant_id: tenantId, tag })))
      .execute();
  }
}

/**
 * The inbox at an address with its tags, in one statement: read for every recipient of every
 * SMTP transaction (compiled once: compiled-once.ts). A row per tag, or one with a null tag
 * when it has none.
 */
const inboxByAddress = compiledOnce((db, address: string) => db.selectFrom('inboxes')
  .leftJoin('inbox_tags', 'inbox_tags.inbox_id', 'inboxes.id')
  .selectAll('inboxes')
  .select('inbox_tags.tag as joined_tag')
  .where('inboxes.email_address', '=', address));

/** The first inbox of rows from a left join with inbox_tags, its tags in code-point order (as tagsFor). */
function firstWithJoinedTags(rows: (InboxRow & { joined_tag: string | null })[]): InboxRecord | undefined {
  const first = rows[0];
  if (!first) return undefined;
  const tags: string[] = [];
  for (const row of rows) if (row.id === first.id && row.joined_tag !== null) tags.push(row.joined_tag);
  const { joined_tag: _, ...row } = first;
  return toInbox(row, tags.sort());
}

export function inboxRepository(db: Kysely<Database>): InboxRepository {
  const findOne = async (where: (eb: ExpressionBuilder<Database, 'inboxes'>) => ReturnType<ExpressionBuilder<Database, 'inboxes'>['and']>) => {
    const row = await db.selectFrom('inboxes').selectAll().where(where).executeTakeFirst();
    if (!row) return undefined;
    return (await withTags(db, [row]))[0];
  };

  return {
    async create(inbox) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('inboxes')
          .values({
            id: inbox.id,
            tenant_id: inbox.tenantId,
            // Addresses are case-insensitive: stored lower-cased, the unique index sees one form.
            email_address: inbox.emailAddress.toLowerCase(),
            local_part: inbox.localPart.toLowerCase(),
            domain: inbox.domain.toLowerCase(),
            domain_id: inbox.domainId,
            name: inbox.name,
            description: inbox.description,
            favourite: flag(inbox.favourite),
            inbox_type: inbox.inboxType,
            virtual_inbox: flag(inbox.virtualInbox),
            expires_at: toMillisOrNull(inbox.expiresAt),
            created_at: toMillis(inbox.createdAt),
          })
          .execute();
        await replaceTags(trx, inbox.tenantId, inbox.id, inbox.tags);
        await trx
          .insertInto('inbox_creations')
          .values({ id: randomUUID(), tenant_id: inbox.tenantId, created_at: toMillis(inbox.createdAt) })
          .execute();
      });
    },

    findById: (tenantId, id) => findOne((eb) => eb.and([eb('tenant_id', '=', tenantId), eb('id', '=', id)])),
    async findByAddress(address) {
      return firstWithJoinedTags(await inboxByAddress(db, address.toLowerCase()));
    },

    async findByName(tenantId, name) {
      const row = await db
        .selectFrom('inboxes')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('name', '=', name)
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row ? (await withTags(db, [row]))[0] : undefined;
    },

    async update(tenantId, id, update: InboxUpdate) {
      const found = await db.transaction().execute(async (trx) => {
        const set: Updateable<InboxesTable> = {};
        if (update.name !== undefined) set.name = update.name;
        if (update.description !== undefined) set.description = update.description;
        if (update.favourite !== undefined) set.favourite = flag(update.favourite);
        if (update.expiresAt !== undefined) set.expires_at = toMillisOrNull(update.expiresAt);
        const exists = await trx
          .selectFrom('inboxes')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('id', '=', id)
          .executeTakeFirst();
        if (!exists) return false;
        if (Object.keys(set).length > 0) {
          await trx.updateTable('inboxes').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
        }
        if (update.tags !== undefined) await replaceTags(trx, tenantId, id, update.tags);
        return true;
      });
      return found ? this.findById(tenantId, id) : undefined;
    },

    async deleteWhere(tenantId, filter) {
      return db.transaction().execute(async (trx) => {
        const rows = await trx.selectFrom('inboxes').select('id').where(whereFilter(tenantId, filter)).execute();
        const ids = rows.map((r) => r.id);
        // Chunked so a tenant with many inboxes stays under bound-parameter limits.
        for (let i = 0; i < ids.length; i += 500) {
          const chunk = ids.slice(i, i + 500);
          // An inbox's emails go with it, permanently, and so do bytes nothing else uses.
          await deleteEmailsWhere(trx, tenantId, { inboxIds: chunk });
          for (const inboxId of chunk) await deleteSentWhere(trx, tenantId, { inboxId });
          await trx.deleteFrom('inbox_tags').where('inbox_id', 'in', chunk).execute();
          // The inbox's webhooks go too (their pending deliveries and results cascade).
          await trx.deleteFrom('webhooks').where('tenant_id', '=', tenantId).where('inbox_id', 'in', chunk).execute();
          await trx.deleteFrom('inboxes').where('tenant_id', '=', tenantId).where('id', 'in', chunk).execute();
        }
        return ids;
      });
    },

    async page(tenantId, filter, page) {
      const { items, total } = await paged(
        db.selectFrom('inboxes').selectAll().where(whereFilter(tenantId, filter)), page, BY_CREATION,
      );
      return { items: await withTags(db, items), total };
    },

    async list(tenantId, filter, sort, limit) {
      const rows = await ordered(db.selectFrom('inboxes').selectAll().where(whereFilter(tenantId, filter)), sort, BY_CREATION)
        .limit(limit)
        .execute();
      return withTags(db, rows);
    },

    async count(tenantId, filter = {}) {
      const row = await db
        .selectFrom('inboxes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(whereFilter(tenantId, filter))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async idsAndAddresses(tenantId) {
      const rows = await db
        .selectFrom('inboxes')
        .select(['id', 'email_address'])
        .where('tenant_id', '=', tenantId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: r.id, emailAddress: r.email_address }));
    },

    async tags(tenantId, search, page) {
      let query = db.selectFrom('inbox_tags').where('tenant_id', '=', tenantId);
      if (search) query = query.where(sql<boolean>`lower(tag) like ${containsPattern(search)} escape '\\'`);
      const { items, total } = await paged(
        query.select('tag').distinct(), page, ['tag'], query.select((eb) => eb.fn.count<number>('tag').distinct().as('n')),
      );
      return { items: items.map((r) => r.tag), total };
    },

    async countCreatedSince(tenantId, since) {
      const row = await db
        .selectFrom('inbox_creations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('created_at', '>=', toMillis(since))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
