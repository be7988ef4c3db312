import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { DomainHealthEventsTable } from '../domain-tables.js';
import type { CustomDomainRecord, CustomDomainRepository, DnsRecordState, DomainHealthEventRecord } from '../ports.js';
import { flag, fromMillis, fromMillisOrNull, isSet, toMillis } from './rows.js';
import { isUniqueViolation } from './unique-violation.js';

type DomainRow = Selectable<Database['domains']>;

function states(json: string | null): Record<string, DnsRecordState> {
  if (!json) return {};
  try {
    return JSON.parse(json) as Record<string, DnsRecordState>;
  } catch {
    return {};
  }
}

const toDomain = (row: DomainRow): CustomDomainRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  domain: row.domain,
  verified: isSet(row.verified),
  inboxType: row.inbox_type,
  description: row.description,
  verificationToken: row.verification_token,
  dkimSelector: row.dkim_selector,
  dkimPrivateKey: row.dkim_private_key,
  dkimPublicKey: row.dkim_public_key,
  catchAllInboxId: row.catch_all_inbox_id,
  recordStates: states(row.record_states),
  missingMessage: row.missing_message,
  duplicateMessage: row.duplicate_message,
  checkedAt: fromMillisOrNull(row.checked_at),
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at ?? row.created_at),
});

const toEvent = (row: Selectable<DomainHealthEventsTable>): DomainHealthEventRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  domainId: row.domain_id,
  domainName: row.domain_name,
  eventType: row.event_type,
  status: row.status as DomainHealthEventRecord['status'],
  severity: row.severity as DomainHealthEventRecord['severity'],
  title: row.title,
  message: row.message,
  recommendation: row.recommendation,
  eventTime: fromMillis(row.event_time),
  createdAt: fromMillis(row.created_at),
});

export function customDomainRepository(db: Kysely<Database>): CustomDomainRepository {
  const get = async (tenantId: string, id: string) => {
    const row = await db.selectFrom('domains').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return row && toDomain(row);
  };
  return {
    async create(d) {
      try {
        await db.insertInto('domains').values({
          id: d.id, tenant_id: d.tenantId, domain: d.domain, verified: flag(d.verified), inbox_type: d.inboxType, created_at: toMillis(d.createdAt),
          description: d.description, verification_token: d.verificationToken, dkim_selector: d.dkimSelector,
          dkim_private_key: d.dkimPrivateKey, dkim_public_key: d.dkimPublicKey, catch_all_inbox_id: d.catchAllInboxId,
          updated_at: toMillis(d.updatedAt), checked_at: d.checkedAt ? toMillis(d.checkedAt) : null,
          record_states: JSON.stringify(d.recordStates), missing_message: d.missingMessage, duplicate_message: d.duplicateMessage,
        }).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    get,
    async list(tenantId) {
      const rows = await db.selectFrom('domains').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at').orderBy('id').execute();
      return rows.map(toDomain);
    },
    async findByName(domain) {
      const row = await db.selectFrom('domains').selectAll().where('domain', '=', domain.toLowerCase()).executeTakeFirst();
      return row && toDomain(row);
    },
    async batch(afterId, limit) {
      let query = db.selectFrom('domains').selectAll().orderBy('id').limit(limit);
      if (afterId !== null) query = query.where('id', '>', afterId);
      return (await query.execute()).map(toDomain);
    },
    async setCatchAll(tenantId, id, inboxId, now) {
      await db.updateTable('domains').set({ catch_all_inbox_id: inboxId, updated_at: toMillis(now) })
        .where('tenant_id', '=', tenantId).where('id', '=', id).execute();
      return get(tenantId, id);
    },
    async recordCheck(tenantId, id, check, events) {
      return db.transaction().execute(async (trx) => {
        const result = await trx.updateTable('domains').set({
          verified: flag(check.verified), record_states: JSON.stringify(check.recordStates), missing_message: check.missingMessage,
          duplicate_message: check.duplicateMessage, checked_at: toMillis(check.checkedAt), updated_at: toMillis(check.checkedAt),
        }).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return undefined;
        if (events.length > 0) {
          await trx.insertInto('domain_health_events').values(events.map((e) => ({
            id: e.id, tenant_id: e.tenantId, domain_id: e.domainId, domain_name: e.domainName, event_type: e.eventType, status: e.status,
            severity: e.severity, title: e.title, message: e.message, recommendation: e.recommendation,
            event_time: toMillis(e.eventTime), created_at: toMillis(e.createdAt),
          }))).execute();
        }
        const row = await trx.selectFrom('domains').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
        return row && toDomain(row);
      });
    },
    async delete(tenantId, id) {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('domain_health_events').where('tenant_id', '=', tenantId).where('domain_id', '=', id).execute();
        const result = await trx.deleteFrom('domains').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },
    async healthEvents(tenantId, domainId, limit) {
      const rows = await db.selectFrom('domain_health_events').selectAll()
        .where('tenant_id', '=', tenantId).where('domain_id', '=', domainId)
        .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toEvent);
    },
  };
}
