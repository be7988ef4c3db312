import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { AliasesTable, AliasThreadsTable, Database } from '../schema.js';
import type { AliasFilter, AliasRecord, AliasRepository, AliasThreadFilter, AliasThreadRecord } from '../ports.js';
import { BY_CREATION, paged } from './paged.js';
import { containsPattern, flag, fromMillis, isSet, toMillis } from './rows.js';
import { compiledOnce } from './compiled-once.js';

/** Every column but the token hash, which never leaves the repository. */
const ALIAS_COLUMNS = [
  'id', 'tenant_id', 'inbox_id', 'alias_address', 'hidden_address', 'name', 'use_threads', 'verified', 'domain_id', 'owns_inbox', 'created_at', 'updated_at',
] as const;

const toAlias = (row: Omit<Selectable<AliasesTable>, 'verify_token_sha256'>): AliasRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  inboxId: row.inbox_id,
  aliasAddress: row.alias_address,
  hiddenAddress: row.hidden_address,
  name: row.name,
  useThreads: isSet(row.use_threads),
  verified: isSet(row.verified),
  domainId: row.domain_id,
  ownsInbox: isSet(row.owns_inbox),
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

const toThread = (row: Selectable<AliasThreadsTable>): AliasThreadRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  aliasId: row.alias_id,
  inboxId: row.inbox_id,
  sender: row.sender,
  name: row.name,
  subject: row.subject,
  messageId: row.message_id,
  to: JSON.parse(row.to_json) as string[],
  cc: JSON.parse(row.cc_json) as string[],
  bcc: JSON.parse(row.bcc_json) as string[],
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

function aliasWhere(tenantId: string, filter: AliasFilter) {
  return (eb: ExpressionBuilder<Database, 'aliases'>) => {
    const and = [eb('tenant_id', '=', tenantId)];
    if (filter.since) and.push(eb('created_at', '>', toMillis(filter.since)));
    if (filter.before) and.push(eb('created_at', '<', toMillis(filter.before)));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      const like = (column: string) => sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
      and.push(eb.or(['name', 'alias_address', 'hidden_address', 'id'].map(like)));
    }
    return eb.and(and);
  };
}

function threadWhere(tenantId: string, filter: AliasThreadFilter) {
  return (eb: ExpressionBuilder<Database, 'alias_threads'>) => {
    const and = [eb('tenant_id', '=', tenantId)];
    if (filter.aliasId) and.push(eb('alias_id', '=', filter.aliasId));
    if (filter.since) and.push(eb('created_at', '>', toMillis(filter.since)));
    if (filter.before) and.push(eb('created_at', '<', toMillis(filter.before)));
    return eb.and(and);
  };
}

const aliasOfInbox = compiledOnce((db, tenantId: string, inboxId: string) =>
  db.selectFrom('aliases').select(ALIAS_COLUMNS).where('tenant_id', '=', tenantId).where('inbox_id', '=', inboxId));
/** Read for every message received (compiled once: compiled-once.ts): the inbox's own alias, and the owner of the thread it is. */
const aliasRoutesOfInbox = compiledOnce((db, tenantId: string, inboxId: string) =>
  db.selectFrom('aliases').select([...ALIAS_COLUMNS, sql<string | null>`null`.as('thread_id')])
    .where('tenant_id', '=', tenantId).where('inbox_id', '=', inboxId)
    .unionAll(db.selectFrom('alias_threads as t').innerJoin('aliases as a', 'a.id', 't.alias_id')
      .select([...ALIAS_COLUMNS.map((column) => `a.${column}` as const), 't.id as thread_id'])
      .where('t.tenant_id', '=', tenantId).where('t.inbox_id', '=', inboxId)));
const aliasThreadOfInbox = compiledOnce((db, tenantId: string, inboxId: string) =>
  db.selectFrom('alias_threads').selectAll().where('tenant_id', '=', tenantId).where('inbox_id', '=', inboxId));

export function aliasRepository(db: Kysely<Database>): AliasRepository {
  const aliases = () => db.selectFrom('aliases').select(ALIAS_COLUMNS);
  const threads = () => db.selectFrom('alias_threads').selectAll();
  return {
    async create(a, verifyTokenSha256) {
      await db.insertInto('aliases').values({
        id: a.id,
        tenant_id: a.tenantId,
        inbox_id: a.inboxId,
        alias_address: a.aliasAddress,
        hidden_address: a.hiddenAddress,
        name: a.name,
        use_threads: flag(a.useThreads),
        verified: flag(a.verified),
        domain_id: a.domainId,
        owns_inbox: flag(a.ownsInbox),
        verify_token_sha256: verifyTokenSha256,
        created_at: toMillis(a.createdAt),
        updated_at: toMillis(a.updatedAt),
      }).execute();
    },

    async findById(tenantId, id) {
      const row = await aliases().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toAlias(row);
    },

    async findByInbox(tenantId, inboxId) {
      const [row] = await aliasOfInbox(db, tenantId, inboxId);
      return row && toAlias(row);
    },

    async findByVerifyToken(tokenSha256) {
      const row = await aliases().where('verify_token_sha256', '=', tokenSha256).executeTakeFirst();
      return row && toAlias(row);
    },

    async page(tenantId, filter, page) {
      const { items, total } = await paged(aliases().where(aliasWhere(tenantId, filter)), page, BY_CREATION);
      return { items: items.map(toAlias), total };
    },

    async rename(tenantId, id, name, at) {
      const result = await db.updateTable('aliases').set({ name, updated_at: toMillis(at) })
        .where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async verify(tenantId, id, tokenSha256, at) {
      // the token in the where: two clicks racing verify once, and a used token opens nothing
      const result = await db.updateTable('aliases').set({ verified: 1, verify_token_sha256: null, updated_at: toMillis(at) })
        .where('tenant_id', '=', tenantId).where('id', '=', id).where('verify_token_sha256', '=', tokenSha256)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(tenantId, id) {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('alias_threads').where('tenant_id', '=', tenantId).where('alias_id', '=', id).execute();
        const result = await trx.deleteFrom('aliases').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },

    async createThread(t) {
      const inserted = await db.insertInto('alias_threads').values({
        id: t.id,
        tenant_id: t.tenantId,
        alias_id: t.aliasId,
        inbox_id: t.inboxId,
        sender: t.sender,
        name: t.name,
        subject: t.subject,
        message_id: t.messageId,
        to_json: JSON.stringify(t.to),
        cc_json: JSON.stringify(t.cc),
        bcc_json: JSON.stringify(t.bcc),
        created_at: toMillis(t.createdAt),
        updated_at: toMillis(t.updatedAt),
      }).onConflict((oc) => oc.columns(['alias_id', 'sender']).doNothing()).executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async findThread(tenantId, id) {
      const row = await threads().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toThread(row);
    },

    async findThreadBySender(tenantId, aliasId, sender) {
      const row = await threads().where('tenant_id', '=', tenantId).where('alias_id', '=', aliasId).where('sender', '=', sender).executeTakeFirst();
      return row && toThread(row);
    },

    async routesOfInbox(tenantId, inboxId) {
      const rows = await aliasRoutesOfInbox(db, tenantId, inboxId);
      return rows.map(({ thread_id: threadId, ...alias }) => ({ alias: toAlias(alias), threadId }));
    },

    async findThreadByInbox(tenantId, inboxId) {
      const [row] = await aliasThreadOfInbox(db, tenantId, inboxId);
      return row && toThread(row);
    },

    async threadInboxIds(tenantId, aliasId) {
      const rows = await db.selectFrom('alias_threads').select('inbox_id').where('tenant_id', '=', tenantId).where('alias_id', '=', aliasId).execute();
      return rows.map((r) => r.inbox_id);
    },

    async pageThreads(tenantId, filter, page) {
      const { items, total } = await paged(threads().where(threadWhere(tenantId, filter)), page, BY_CREATION);
      return { items: items.map(toThread), total };
    },
  };
}
