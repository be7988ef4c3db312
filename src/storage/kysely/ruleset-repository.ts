import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { Database, RulesetsTable } from '../schema.js';
import type { RulesetAction, RulesetFilter, RulesetRecord, RulesetRepository, RulesetScope } from '../ports.js';
import { BY_CREATION, ordered, paged } from './paged.js';
import { containsPattern, flag, fromMillis, isSet, toMillis } from './rows.js';
import { compiledOnce } from './compiled-once.js';

const toRecord = (row: Selectable<RulesetsTable>): RulesetRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  inboxId: row.inbox_id,
  phoneId: row.phone_id,
  scope: row.scope as RulesetScope,
  action: row.action as RulesetAction,
  target: row.target,
  active: isSet(row.active),
  createdAt: fromMillis(row.created_at),
});

/** The rules that apply to an inbox or phone (null: neither), the account-wide ones with them, oldest first. */
function applicableRules(db: Kysely<Database>, tenantId: string, inboxId: string | null, scope?: string, phoneId?: string | null) {
  let query = db.selectFrom('rulesets').selectAll().where('tenant_id', '=', tenantId)
    .where((eb) => {
      const own = [eb.and([eb('inbox_id', 'is', null), eb('phone_id', 'is', null)])];
      if (inboxId !== null) own.push(eb('inbox_id', '=', inboxId));
      if (phoneId) own.push(eb('phone_id', '=', phoneId));
      return eb.or(own);
    });
  if (scope) query = query.where('scope', '=', scope);
  return ordered(query, 'ASC', BY_CREATION);
}

/** An inbox's rules of one scope: read for every message received, so built once (compiled-once.ts). */
const inboxRules = compiledOnce((db, tenantId: string, inboxId: string, scope: string) => applicableRules(db, tenantId, inboxId, scope));

function whereFilter(tenantId: string, filter: RulesetFilter) {
  return (eb: ExpressionBuilder<Database, 'rulesets'>) => {
    const and = [eb('tenant_id', '=', tenantId)];
    if (filter.inboxId !== undefined) and.push(eb('inbox_id', '=', filter.inboxId));
    if (filter.phoneId !== undefined) and.push(eb('phone_id', '=', filter.phoneId));
    if (filter.since) and.push(eb('created_at', '>', toMillis(filter.since)));
    if (filter.before) and.push(eb('created_at', '<', toMillis(filter.before)));
    if (filter.search) and.push(eb(sql<string>`lower(target)`, 'like', sql<string>`${containsPattern(filter.search)} escape '\\'`));
    return eb.and(and);
  };
}

export function rulesetRepository(db: Kysely<Database>): RulesetRepository {
  return {
    async create(r) {
      await db.insertInto('rulesets').values({
        id: r.id, tenant_id: r.tenantId, inbox_id: r.inboxId, phone_id: r.phoneId, scope: r.scope, action: r.action, target: r.target,
        active: flag(r.active), created_at: toMillis(r.createdAt),
      }).execute();
    },

    async findById(tenantId, id) {
      const row = await db.selectFrom('rulesets').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    async page(tenantId, filter, page) {
      const { items, total } = await paged(db.selectFrom('rulesets').selectAll().where(whereFilter(tenantId, filter)), page, BY_CREATION);
      return { items: items.map(toRecord), total };
    },

    async applicable(tenantId, inboxId, scope, phoneId) {
      const rows = inboxId !== null && scope && !phoneId
        ? await inboxRules(db, tenantId, inboxId, scope)
        : await applicableRules(db, tenantId, inboxId, scope, phoneId).execute();
      return rows.map(toRecord);
    },

    async setActive(tenantId, id, active) {
      const result = await db.updateTable('rulesets').set({ active: flag(active) }).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(tenantId, id) {
      const result = await db.deleteFrom('rulesets').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async deleteWhere(tenantId, filter) {
      let query = db.deleteFrom('rulesets').where('tenant_id', '=', tenantId);
      if (filter.inboxId !== undefined) query = query.where('inbox_id', '=', filter.inboxId);
      if (filter.phoneId !== undefined) query = query.where('phone_id', '=', filter.phoneId);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
