/**
 * The account-wide views of UserController, each one paged query over a UNION ALL of the
 * tables holding that kind of entity (the same SQL on SQLite and PostgreSQL).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { pageOffset, type PageRequest } from '../../core/paging.js';
import type { Database } from '../schema.js';
import type {
  AutomationType, EntityAutomationRecord, EntityEventRecord, EntityEventType, EntityFavouriteRecord, FavouriteType, Slice,
  UserEntityRepository,
} from '../ports.js';
import { fromMillis, toMillis } from './rows.js';

type Fragment = RawBuilder<unknown>;

const and = (parts: Fragment[]): Fragment => sql.join(parts, sql` and `);

/** Pages `inner` (a UNION ALL with columns id and created_at) with the conditions on its rows. */
async function pageUnion<Row>(
  db: Kysely<Database>, inner: Fragment, where: Fragment[], page: PageRequest,
): Promise<Slice<Row>> {
  const condition = where.length ? sql`where ${and(where)}` : sql``;
  const direction = page.sort === 'DESC' ? sql`desc` : sql`asc`;
  const [items, count] = await Promise.all([
    sql<Row>`select * from (${inner}) u ${condition} order by created_at ${direction}, id ${direction} limit ${page.size} offset ${pageOffset(page)}`.execute(db),
    sql<{ n: number | string }>`select count(*) as n from (${inner}) u ${condition}`.execute(db),
  ]);
  return { items: items.rows, total: Number(count.rows[0]?.n ?? 0) };
}

function timeWhere(filter: { since?: Date; before?: Date }): Fragment[] {
  const where: Fragment[] = [];
  if (filter.since) where.push(sql`created_at > ${toMillis(filter.since)}`);
  if (filter.before) where.push(sql`created_at < ${toMillis(filter.before)}`);
  return where;
}

interface AutomationRow {
  id: string; automation_type: string; name: string | null; inbox_id: string | null; phone_id: string | null; action: string | null; created_at: number | string;
}
interface EventRow {
  id: string; event_type: string; outcome: string; inbox_id: string | null; email_id: string | null; phone_id: string | null;
  sms_id: string | null; attachment_id: string | null; created_at: number | string;
}
interface FavouriteRow { id: string; entity_type: string; name: string | null; description: string | null; created_at: number | string }

export function userEntityRepository(db: Kysely<Database>): UserEntityRepository {
  return {
    async automations(tenantId, filter, page) {
      const branches: Record<AutomationType, Fragment> = {
        INBOX_FORWARDER: sql`select id, 'INBOX_FORWARDER' as automation_type, name, inbox_id, cast(null as text) as phone_id, field as action, created_at from inbox_forwarders where tenant_id = ${tenantId}`,
        INBOX_REPLIER: sql`select id, 'INBOX_REPLIER' as automation_type, name, inbox_id, cast(null as text) as phone_id, field as action, created_at from inbox_repliers where tenant_id = ${tenantId}`,
        INBOX_RULESET: sql`select id, 'INBOX_RULESET' as automation_type, cast(null as text) as name, inbox_id, phone_id, action, created_at from rulesets where tenant_id = ${tenantId}`,
      };
      const chosen = filter.type ? [branches[filter.type]] : Object.values(branches);
      const where = timeWhere(filter);
      if (filter.inboxId) where.push(sql`inbox_id = ${filter.inboxId}`);
      if (filter.phoneId) where.push(sql`phone_id = ${filter.phoneId}`);
      const slice = await pageUnion<AutomationRow>(db, sql.join(chosen, sql` union all `), where, page);
      return {
        total: slice.total,
        items: slice.items.map((r): EntityAutomationRecord => ({
          id: r.id, automationType: r.automation_type as AutomationType, name: r.name, inboxId: r.inbox_id, phoneId: r.phone_id,
          action: r.action, createdAt: fromMillis(Number(r.created_at)),
        })),
      };
    },

    async events(tenantId, filter, page) {
      const none = sql`cast(null as text)`;
      const branches: Partial<Record<EntityEventType, Fragment>> = {
        WEBHOOK_EVENT: sql`select id, 'WEBHOOK_EVENT' as event_type, result_type as outcome, inbox_id, email_id, phone_id, sms_id, attachment_id, created_at from webhook_results where tenant_id = ${tenantId}`,
        INBOX_FORWARDER_EVENT: sql`select id, 'INBOX_FORWARDER_EVENT' as event_type, status as outcome, inbox_id, email_id, ${none} as phone_id, ${none} as sms_id, ${none} as attachment_id, created_at from inbox_forwarder_events where tenant_id = ${tenantId}`,
        INBOX_REPLIER_EVENT: sql`select id, 'INBOX_REPLIER_EVENT' as event_type, status as outcome, inbox_id, email_id, ${none} as phone_id, ${none} as sms_id, ${none} as attachment_id, created_at from inbox_replier_events where tenant_id = ${tenantId}`,
        // Alias proxying runs as automation jobs: each job is what happened to one alias's mail.
        ALIAS_EVENT: sql`select id, 'ALIAS_EVENT' as event_type, state as outcome, inbox_id, email_id, ${none} as phone_id, ${none} as sms_id, ${none} as attachment_id, created_at from automation_jobs where tenant_id = ${tenantId} and kind = 'alias-proxy'`,
        // Rulesets keep no record of what they did to each message: no INBOX_RULESET_EVENT rows.
      };
      const chosen = filter.type ? [branches[filter.type]].filter((b): b is Fragment => !!b) : Object.values(branches);
      if (chosen.length === 0) return { items: [], total: 0 };
      const where = timeWhere(filter);
      for (const [column, value] of [['inbox_id', filter.inboxId], ['email_id', filter.emailId], ['phone_id', filter.phoneId], ['sms_id', filter.smsId], ['attachment_id', filter.attachmentId]] as const) {
        if (value) where.push(sql`${sql.ref(column)} = ${value}`);
      }
      const slice = await pageUnion<EventRow>(db, sql.join(chosen, sql` union all `), where, page);
      return {
        total: slice.total,
        items: slice.items.map((r): EntityEventRecord => ({
          id: r.id, eventType: r.event_type as EntityEventType, outcome: r.outcome, inboxId: r.inbox_id, emailId: r.email_id, phoneId: r.phone_id,
          smsId: r.sms_id, attachmentId: r.attachment_id, createdAt: fromMillis(Number(r.created_at)),
        })),
      };
    },

    async favourites(tenantId, filter, page) {
      const branches: Partial<Record<FavouriteType, Fragment>> = {
        INBOX: sql`select id, 'INBOX' as entity_type, coalesce(name, email_address) as name, description, created_at from inboxes where tenant_id = ${tenantId} and favourite = 1`,
        EMAIL: sql`select id, 'EMAIL' as entity_type, coalesce(subject, '') as name, from_address as description, created_at from emails where tenant_id = ${tenantId} and favourite = 1`,
        PHONE: sql`select id, 'PHONE' as entity_type, coalesce(name, phone_number) as name, description, created_at from phone_numbers where tenant_id = ${tenantId} and favourite = 1`,
        SMS: sql`select id, 'SMS' as entity_type, from_number as name, body as description, created_at from sms_messages where tenant_id = ${tenantId} and favourite = 1`,
        // Attachments cannot be favourited: no ATTACHMENT rows.
      };
      const chosen = filter.type ? [branches[filter.type]].filter((b): b is Fragment => !!b) : Object.values(branches);
      if (chosen.length === 0) return { items: [], total: 0 };
      const slice = await pageUnion<FavouriteRow>(db, sql.join(chosen, sql` union all `), timeWhere(filter), page);
      return {
        total: slice.total,
        items: slice.items.map((r): EntityFavouriteRecord => ({
          id: r.id, entityType: r.entity_type as FavouriteType, name: r.name ?? '', description: r.description, createdAt: fromMillis(Number(r.created_at)),
        })),
      };
    },
  };
}
