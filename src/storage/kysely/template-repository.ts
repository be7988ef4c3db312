import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Database, TemplatesTable } from '../schema.js';
import type { TemplateFilter, TemplateRecord, TemplateRepository, TemplateSummary } from '../ports.js';
import { BY_CREATION, ordered, paged } from './paged.js';
import { fromMillis, toMillis } from './rows.js';

/** The columns of the lists: never the content, which can be large. */
const SUMMARY = ['id', 'tenant_id', 'name', 'variables_json', 'created_at', 'updated_at'] as const;

const toSummary = (row: Omit<Selectable<TemplatesTable>, 'content'>): TemplateSummary => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  variables: JSON.parse(row.variables_json) as string[],
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

function whereFilter(tenantId: string, filter: TemplateFilter) {
  return (eb: ExpressionBuilder<Database, 'templates'>) => {
    const and = [eb('tenant_id', '=', tenantId)];
    if (filter.since) and.push(eb('created_at', '>', toMillis(filter.since)));
    if (filter.before) and.push(eb('created_at', '<', toMillis(filter.before)));
    return eb.and(and);
  };
}

export function templateRepository(db: Kysely<Database>): TemplateRepository {
  return {
    async create(t) {
      await db
        .insertInto('templates')
        .values({
          id: t.id,
          tenant_id: t.tenantId,
          name: t.name,
          content: t.content,
          variables_json: JSON.stringify(t.variables),
          created_at: toMillis(t.createdAt),
          updated_at: toMillis(t.updatedAt),
        })
        .execute();
    },

    async findById(tenantId, id) {
      const row = await db.selectFrom('templates').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && { ...toSummary(row), content: row.content };
    },

    async list(tenantId) {
      const rows = await ordered(db.selectFrom('templates').select(SUMMARY).where('tenant_id', '=', tenantId), 'ASC', BY_CREATION).execute();
      return rows.map(toSummary);
    },

    async page(tenantId, filter, page) {
      const { items, total } = await paged(db.selectFrom('templates').select(SUMMARY).where(whereFilter(tenantId, filter)), page, BY_CREATION);
      return { items: items.map(toSummary), total };
    },

    async update(tenantId, id, change) {
      const result = await db
        .updateTable('templates')
        .set({ name: change.name, content: change.content, variables_json: JSON.stringify(change.variables), updated_at: toMillis(change.updatedAt) })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(tenantId, id) {
      const result = await db.deleteFrom('templates').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
