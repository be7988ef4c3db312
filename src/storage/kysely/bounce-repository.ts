import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { BouncedEmailsTable, BouncedRecipientsTable, Database } from '../schema.js';
import type { BounceFilter, BouncedEmailRecord, BouncedRecipientRecord, BounceRepository } from '../ports.js';
import { fromMillis, toMillis } from './rows.js';
import { BY_CREATION, paged } from './paged.js';
import { recordDomainEvents } from './domain-event-repository.js';

/** Addresses per IN (...) list: far below either dialect's bound-parameter limit. */
const LOOKUP_CHUNK = 500;

const toEmail = (row: Selectable<BouncedEmailsTable>): BouncedEmailRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  sentId: row.sent_id,
  notificationType: row.notification_type,
  sender: row.sender,
  subject: row.subject,
  sentTo: JSON.parse(row.sent_to_json) as string[],
  bounceRecipients: JSON.parse(row.bounce_recipients_json) as string[],
  bounceMta: row.bounce_mta,
  bounceType: row.bounce_type,
  bounceSubType: row.bounce_sub_type,
  createdAt: fromMillis(row.created_at),
});

const toRecipient = (row: Selectable<BouncedRecipientsTable>): BouncedRecipientRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  bouncedEmailId: row.bounced_email_id,
  sentId: row.sent_id,
  recipient: row.recipient,
  action: row.action,
  status: row.status,
  diagnosticCode: row.diagnostic_code,
  bounceType: row.bounce_type,
  createdAt: fromMillis(row.created_at),
});

type BounceTable = 'bounced_emails' | 'bounced_recipients';

function whereFilter<T extends BounceTable>(tenantId: string, filter: BounceFilter) {
  return (eb: ExpressionBuilder<Database, T>) => {
    const ref = eb as unknown as ExpressionBuilder<Database, BounceTable>;
    const and = [ref('tenant_id', '=', tenantId)];
    if (filter.since) and.push(ref('created_at', '>', toMillis(filter.since)));
    if (filter.before) and.push(ref('created_at', '<', toMillis(filter.before)));
    return ref.and(and);
  };
}

export function bounceRepository(db: Kysely<Database>): BounceRepository {
  return {
    async record(email, recipients) {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('bounced_emails').values({
          id: email.id,
          tenant_id: email.tenantId,
          sent_id: email.sentId,
          notification_type: email.notificationType,
          sender: email.sender,
          subject: email.subject,
          sent_to_json: JSON.stringify(email.sentTo),
          bounce_recipients_json: JSON.stringify(email.bounceRecipients),
          bounce_mta: email.bounceMta,
          bounce_type: email.bounceType,
          bounce_sub_type: email.bounceSubType,
          created_at: toMillis(email.createdAt),
        }).execute();
        // The bounce's domain event commits with it (outbox; see domain-event-repository.ts).
        await recordDomainEvents(trx, [{
          tenantId: email.tenantId, name: 'bounce.recorded', inboxId: null, entityId: email.id, occurredAt: email.createdAt,
        }]);
        if (recipients.length === 0) return;
        await trx.insertInto('bounced_recipients').values(recipients.map((r) => ({
          id: r.id,
          tenant_id: r.tenantId,
          bounced_email_id: r.bouncedEmailId,
          sent_id: r.sentId,
          recipient: r.recipient,
          action: r.action,
          status: r.status,
          diagnostic_code: r.diagnosticCode,
          bounce_type: r.bounceType,
          created_at: toMillis(r.createdAt),
        }))).execute();
      });
    },

    async findEmail(tenantId, id) {
      const row = await db.selectFrom('bounced_emails').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toEmail(row);
    },

    async pageEmails(tenantId, filter, request) {
      const { items, total } = await paged(db.selectFrom('bounced_emails').selectAll().where(whereFilter(tenantId, filter)), request, BY_CREATION);
      return { items: items.map(toEmail), total };
    },

    async findRecipient(tenantId, id) {
      const row = await db.selectFrom('bounced_recipients').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toRecipient(row);
    },

    async recipientsOf(tenantId, bouncedEmailId) {
      const rows = await db.selectFrom('bounced_recipients').selectAll()
        .where('tenant_id', '=', tenantId).where('bounced_email_id', '=', bouncedEmailId)
        .orderBy('created_at').orderBy('id')
        .execute();
      return rows.map(toRecipient);
    },

    async pageRecipients(tenantId, filter, request) {
      const { items, total } = await paged(db.selectFrom('bounced_recipients').selectAll().where(whereFilter(tenantId, filter)), request, BY_CREATION);
      return { items: items.map(toRecipient), total };
    },


    async bouncedAmong(tenantId, addresses, bounceTypes) {
      const found = new Set<string>();
      const unique = [...new Set(addresses)];
      for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) {
        let query = db
          .selectFrom('bounced_recipients')
          .select('recipient')
          .distinct()
          .where('tenant_id', '=', tenantId)
          .where('recipient', 'in', unique.slice(i, i + LOOKUP_CHUNK));
        if (bounceTypes) query = query.where('bounce_type', 'in', bounceTypes);
        for (const row of await query.execute()) found.add(row.recipient);
      }
      return found;
    },
  };
}
