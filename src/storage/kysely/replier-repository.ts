import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Database, InboxReplierEventsTable, InboxRepliersTable } from '../schema.js';
import type {
  AutomationEventStatus, ReplierChange, ReplierEventFilter, ReplierEventRecord, ReplierFilter, ReplierRecord, ReplierRepository,
} from '../ports.js';
import { BY_CREATION, ordered, paged } from './paged.js';
import { flag, fromMillis, isSet, toMillis } from './rows.js';
import { compiledOnce } from './compiled-once.js';

const json = <T>(text: string | null): T | null => (text === null ? null : JSON.parse(text) as T);
const text = (value: unknown): string | null => (value === null ? null : JSON.stringify(value));

const toRecord = (row: Selectable<InboxRepliersTable>): ReplierRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  inboxId: row.inbox_id,
  name: row.name,
  field: row.field,
  should: row.should,
  match: row.match,
  matchOptions: json(row.match_options_json),
  replyTo: row.reply_to,
  subject: row.subject,
  from: row.from_value,
  charset: row.charset,
  isHtml: isSet(row.is_html),
  body: row.body,
  templateId: row.template_id,
  templateVariables: json(row.template_variables_json),
  ignoreReplyTo: isSet(row.ignore_reply_to),
  active: isSet(row.active),
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

const changeColumns = (r: ReplierChange) => ({
  inbox_id: r.inboxId,
  name: r.name,
  field: r.field,
  should: r.should,
  match: r.match,
  match_options_json: text(r.matchOptions),
  reply_to: r.replyTo,
  subject: r.subject,
  from_value: r.from,
  charset: r.charset,
  is_html: flag(r.isHtml),
  body: r.body,
  template_id: r.templateId,
  template_variables_json: text(r.templateVariables),
  ignore_reply_to: flag(r.ignoreReplyTo),
  updated_at: toMillis(r.updatedAt),
});

const toEvent = (row: Selectable<InboxReplierEventsTable>): ReplierEventRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  replierId: row.replier_id,
  inboxId: row.inbox_id,
  emailId: row.email_id,
  sentId: row.sent_id,
  status: row.status as AutomationEventStatus,
  message: row.message,
  recipients: JSON.parse(row.recipients_json) as string[],
  createdAt: fromMillis(row.created_at),
});

function whereRepliers(tenantId: string, filter: ReplierFilter) {
  return (eb: ExpressionBuilder<Database, 'inbox_repliers'>) => {
    const and = [eb('tenant_id', '=', tenantId)];
    if (filter.inboxId) and.push(eb('inbox_id', '=', filter.inboxId));
    if (filter.since) and.push(eb('created_at', '>', toMillis(filter.since)));
    if (filter.before) and.push(eb('created_at', '<', toMillis(filter.before)));
    return eb.and(and);
  };
}

function whereEvents(tenantId: string, filter: ReplierEventFilter) {
  return (eb: ExpressionBuilder<Database, 'inbox_replier_events'>) => {
    const and = [eb('tenant_id', '=', tenantId)];
    if (filter.replierId) and.push(eb('replier_id', '=', filter.replierId));
    if (filter.inboxId) and.push(eb('inbox_id', '=', filter.inboxId));
    if (filter.emailId) and.push(eb('email_id', '=', filter.emailId));
    if (filter.sentId) and.push(eb('sent_id', '=', filter.sentId));
    return eb.and(and);
  };
}

/** Read for every message received (compiled once: compiled-once.ts). */
const activeRepliersOfInbox = compiledOnce((db, tenantId: string, inboxId: string) => ordered(
  db.selectFrom('inbox_repliers').selectAll().where('tenant_id', '=', tenantId).where('inbox_id', '=', inboxId).where('active', '=', 1),
  'ASC', BY_CREATION,
));

export function replierRepository(db: Kysely<Database>): ReplierRepository {
  return {
    async create(r) {
      await db.insertInto('inbox_repliers').values({
        id: r.id,
        tenant_id: r.tenantId,
        ...changeColumns(r),
        active: flag(r.active),
        created_at: toMillis(r.createdAt),
      }).execute();
    },

    async findById(tenantId, id) {
      const row = await db.selectFrom('inbox_repliers').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    async page(tenantId, filter, page) {
      const { items, total } = await paged(db.selectFrom('inbox_repliers').selectAll().where(whereRepliers(tenantId, filter)), page, BY_CREATION);
      return { items: items.map(toRecord), total };
    },

    async listActiveForInbox(tenantId, inboxId) {
      return (await activeRepliersOfInbox(db, tenantId, inboxId)).map(toRecord);
    },

    async update(tenantId, id, change) {
      const result = await db.updateTable('inbox_repliers').set(changeColumns(change)).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async setActive(tenantId, id, active, at) {
      const result = await db.updateTable('inbox_repliers').set({ active: flag(active), updated_at: toMillis(at) })
        .where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(tenantId, id) {
      const result = await db.deleteFrom('inbox_repliers').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async deleteWhere(tenantId, filter) {
      let query = db.deleteFrom('inbox_repliers').where('tenant_id', '=', tenantId);
      if (filter.inboxId) query = query.where('inbox_id', '=', filter.inboxId);
      return Number((await query.executeTakeFirst()).numDeletedRows);
    },

    async addEvent(e) {
      await db.insertInto('inbox_replier_events').values({
        id: e.id,
        tenant_id: e.tenantId,
        replier_id: e.replierId,
        inbox_id: e.inboxId,
        email_id: e.emailId,
        sent_id: e.sentId,
        status: e.status,
        message: e.message,
        recipients_json: JSON.stringify(e.recipients),
        created_at: toMillis(e.createdAt),
      }).execute();
    },

    async pageEvents(tenantId, filter, page) {
      const { items, total } = await paged(db.selectFrom('inbox_replier_events').selectAll().where(whereEvents(tenantId, filter)), page, BY_CREATION);
      return { items: items.map(toEvent), total };
    },

    async claimReply(replierId, sender, at, windowStart) {
      // one statement: insert the first claim, or move an older one forward; a claim inside
      // the window is left alone and nothing changes (0 rows), on SQLite and PostgreSQL alike
      const result = await db.insertInto('inbox_replier_replies')
        .values({ replier_id: replierId, sender, replied_at: toMillis(at) })
        .onConflict((oc) => oc.columns(['replier_id', 'sender'])
          .doUpdateSet({ replied_at: toMillis(at) })
          .where('inbox_replier_replies.replied_at', '<=', toMillis(windowStart)))
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async releaseReply(replierId, sender, at) {
      await db.deleteFrom('inbox_replier_replies')
        .where('replier_id', '=', replierId).where('sender', '=', sender).where('replied_at', '=', toMillis(at))
        .execute();
    },
  };
}
