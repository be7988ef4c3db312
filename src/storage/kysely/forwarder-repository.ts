import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { Database, InboxForwarderEventsTable, InboxForwardersTable } from '../schema.js';
import type {
  AutomationEventStatus, ForwarderEventFilter, ForwarderEventRecord, ForwarderFilter, ForwarderRecord, ForwarderRepository,
} from '../ports.js';
import { BY_CREATION, ordered, paged } from './paged.js';
import { containsPattern, fromMillis, toMillis } from './rows.js';
import { compiledOnce } from './compiled-once.js';

const json = <T>(text: string | null): T | null => (text === null ? null : JSON.parse(text) as T);

const toRecord = (row: Selectable<InboxForwardersTable>): ForwarderRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  inboxId: row.inbox_id,
  name: row.name,
  field: row.field,
  should: row.should,
  match: row.match,
  matchOptions: json(row.match_options_json),
  forwardTo: JSON.parse(row.forward_to_json) as string[],
  attachmentTextExtractionMethod: row.attachment_text_method,
  createdAt: fromMillis(row.created_at),
});

const toEvent = (row: Selectable<InboxForwarderEventsTable>): ForwarderEventRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  forwarderId: row.forwarder_id,
  inboxId: row.inbox_id,
  emailId: row.email_id,
  sentId: row.sent_id,
  status: row.status as AutomationEventStatus,
  message: row.message,
  createdAt: fromMillis(row.created_at),
});

function whereForwarders(tenantId: string, filter: ForwarderFilter) {
  return (eb: ExpressionBuilder<Database, 'inbox_forwarders'>) => {
    const and = [eb('tenant_id', '=', tenantId)];
    if (filter.inboxId) and.push(eb('inbox_id', '=', filter.inboxId));
    if (filter.since) and.push(eb('created_at', '>', toMillis(filter.since)));
    if (filter.before) and.push(eb('created_at', '<', toMillis(filter.before)));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      const like = (column: string) => sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
      and.push(eb.or(['name', 'match', 'forward_to_json', 'field', 'id'].map(like)));
    }
    return eb.and(and);
  };
}

function whereEvents(tenantId: string, filter: ForwarderEventFilter) {
  return (eb: ExpressionBuilder<Database, 'inbox_forwarder_events'>) => {
    const and = [eb('tenant_id', '=', tenantId)];
    if (filter.forwarderId) and.push(eb('forwarder_id', '=', filter.forwarderId));
    if (filter.inboxId) and.push(eb('inbox_id', '=', filter.inboxId));
    if (filter.emailId) and.push(eb('email_id', '=', filter.emailId));
    if (filter.sentId) and.push(eb('sent_id', '=', filter.sentId));
    return eb.and(and);
  };
}

/** Read for every message received (compiled once: compiled-once.ts). */
const forwardersOfInbox = compiledOnce((db, tenantId: string, inboxId: string) => ordered(
  db.selectFrom('inbox_forwarders').selectAll().where('tenant_id', '=', tenantId).where('inbox_id', '=', inboxId), 'ASC', BY_CREATION,
));

export function forwarderRepository(db: Kysely<Database>): ForwarderRepository {
  return {
    async create(f) {
      await db.insertInto('inbox_forwarders').values({
        id: f.id,
        tenant_id: f.tenantId,
        inbox_id: f.inboxId,
        name: f.name,
        field: f.field,
        should: f.should,
        match: f.match,
        match_options_json: f.matchOptions === null ? null : JSON.stringify(f.matchOptions),
        forward_to_json: JSON.stringify(f.forwardTo),
        attachment_text_method: f.attachmentTextExtractionMethod,
        created_at: toMillis(f.createdAt),
      }).execute();
    },

    async findById(tenantId, id) {
      const row = await db.selectFrom('inbox_forwarders').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    async page(tenantId, filter, page) {
      const { items, total } = await paged(db.selectFrom('inbox_forwarders').selectAll().where(whereForwarders(tenantId, filter)), page, BY_CREATION);
      return { items: items.map(toRecord), total };
    },

    async listForInbox(tenantId, inboxId) {
      return (await forwardersOfInbox(db, tenantId, inboxId)).map(toRecord);
    },

    async update(tenantId, id, change) {
      const result = await db.updateTable('inbox_forwarders').set({
        field: change.field,
        should: change.should,
        match: change.match,
        match_options_json: change.matchOptions === null ? null : JSON.stringify(change.matchOptions),
        forward_to_json: JSON.stringify(change.forwardTo),
        attachment_text_method: change.attachmentTextExtractionMethod,
      }).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(tenantId, id) {
      const result = await db.deleteFrom('inbox_forwarders').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async deleteWhere(tenantId, filter) {
      let query = db.deleteFrom('inbox_forwarders').where('tenant_id', '=', tenantId);
      if (filter.inboxId) query = query.where('inbox_id', '=', filter.inboxId);
      return Number((await query.executeTakeFirst()).numDeletedRows);
    },

    async addEvent(e) {
      await db.insertInto('inbox_forwarder_events').values({
        id: e.id,
        tenant_id: e.tenantId,
        forwarder_id: e.forwarderId,
        inbox_id: e.inboxId,
        email_id: e.emailId,
        sent_id: e.sentId,
        status: e.status,
        message: e.message,
        created_at: toMillis(e.createdAt),
      }).execute();
    },

    async findEvent(tenantId, id) {
      const row = await db.selectFrom('inbox_forwarder_events').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toEvent(row);
    },

    async pageEvents(tenantId, filter, page) {
      const { items, total } = await paged(db.selectFrom('inbox_forwarder_events').selectAll().where(whereEvents(tenantId, filter)), page, BY_CREATION);
      return { items: items.map(toEvent), total };
    },
  };
}
