import { sql, type Kysely, type Selectable } from 'kysely';
import type { ComplaintsTable, Database, ListUnsubscribesTable } from '../schema.js';
import type { ComplaintRecord, ListUnsubscribeRecord, ReputationFilter, ReputationItemRecord, ReputationRepository } from '../ports.js';
import { fromMillis, toMillis } from './rows.js';
import { BY_CREATION, paged } from './paged.js';

const toComplaint = (row: Selectable<ComplaintsTable>): ComplaintRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  sentId: row.sent_id,
  inboxId: row.inbox_id,
  feedbackType: row.feedback_type,
  mailSource: row.mail_source,
  mailMessageId: row.mail_message_id,
  complaintRecipient: row.complaint_recipient,
  userAgent: row.user_agent,
  reporter: row.reporter,
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

const toUnsubscribe = (row: Selectable<ListUnsubscribesTable>): ListUnsubscribeRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  emailAddress: row.email_address,
  inboxId: row.inbox_id,
  domainId: row.domain_id,
  createdAt: fromMillis(row.created_at),
});

const within = (filter: ReputationFilter) => ({
  since: filter.since ? toMillis(filter.since) : null,
  before: filter.before ? toMillis(filter.before) : null,
});

export function reputationRepository(db: Kysely<Database>): ReputationRepository {
  return {
    async recordComplaint(c) {
      await db.insertInto('complaints').values({
        id: c.id, tenant_id: c.tenantId, sent_id: c.sentId, inbox_id: c.inboxId, feedback_type: c.feedbackType,
        mail_source: c.mailSource, mail_message_id: c.mailMessageId, complaint_recipient: c.complaintRecipient,
        user_agent: c.userAgent, reporter: c.reporter, created_at: toMillis(c.createdAt), updated_at: toMillis(c.updatedAt),
      }).execute();
    },

    async findComplaint(tenantId, id) {
      const row = await db.selectFrom('complaints').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toComplaint(row);
    },

    async pageComplaints(tenantId, filter, request) {
      const { since, before } = within(filter);
      let query = db.selectFrom('complaints').selectAll().where('tenant_id', '=', tenantId);
      if (since !== null) query = query.where('created_at', '>', since);
      if (before !== null) query = query.where('created_at', '<', before);
      const { items, total } = await paged(query, request, BY_CREATION);
      return { items: items.map(toComplaint), total };
    },

    async findSentByMessageId(messageId) {
      const row = await db.selectFrom('sent_emails').select(['id', 'tenant_id', 'inbox_id', 'from_address'])
        .where('message_id', '=', messageId).orderBy('created_at', 'desc').executeTakeFirst();
      return row && { sentId: row.id, tenantId: row.tenant_id, inboxId: row.inbox_id, from: row.from_address };
    },

    async recordUnsubscribe(record) {
      // A second one-click POST (mail clients retry) keeps the first record.
      await db.insertInto('list_unsubscribes').values({
        id: record.id, tenant_id: record.tenantId, email_address: record.emailAddress,
        inbox_id: record.inboxId, domain_id: record.domainId, created_at: toMillis(record.createdAt),
      }).onConflict((oc) => oc.columns(['tenant_id', 'email_address']).doNothing()).execute();
      const row = await db.selectFrom('list_unsubscribes').selectAll()
        .where('tenant_id', '=', record.tenantId).where('email_address', '=', record.emailAddress).executeTakeFirstOrThrow();
      return toUnsubscribe(row);
    },

    async pageUnsubscribes(tenantId, filter, request) {
      let query = db.selectFrom('list_unsubscribes').selectAll().where('tenant_id', '=', tenantId);
      if (filter.domainId) query = query.where('domain_id', '=', filter.domainId);
      const { items, total } = await paged(query, request, BY_CREATION);
      return { items: items.map(toUnsubscribe), total };
    },

    async pageItems(tenantId, filter, request) {
      const { since, before } = within(filter);
      const bounces = db.selectFrom('bounced_recipients as r').innerJoin('bounced_emails as e', 'e.id', 'r.bounced_email_id')
        .where('r.tenant_id', '=', tenantId)
        .select((eb) => [
          'r.id as id', sql<string>`'BOUNCE'`.as('kind'), eb.ref('r.bounce_type').as('detail'), sql<string | null>`e.sender`.as('source'),
          'r.recipient as recipient', 'r.created_at as created_at',
        ]);
      const complaints = db.selectFrom('complaints').where('tenant_id', '=', tenantId)
        .select((eb) => [
          'id', sql<string>`'COMPLAINT'`.as('kind'), sql<string | null>`feedback_type`.as('detail'), eb.ref('mail_source').as('source'),
          eb.ref('complaint_recipient').as('recipient'), 'created_at',
        ]);
      let query = db.selectFrom(bounces.unionAll(complaints).as('items')).selectAll();
      if (since !== null) query = query.where('created_at', '>', since);
      if (before !== null) query = query.where('created_at', '<', before);
      const { items, total } = await paged(query, request, BY_CREATION);
      return {
        items: items.map((r): ReputationItemRecord => ({
          id: r.id, kind: r.kind === 'COMPLAINT' ? 'COMPLAINT' : 'BOUNCE', detail: r.detail, source: r.source,
          recipient: r.recipient, createdAt: fromMillis(r.created_at),
        })),
        total,
      };
    },

    async senderFigures(tenantId, lastSends) {
      // One pass over the last N sends: a send counts once however many of its recipients bounced or complained.
      const { rows } = await sql<{ inbox_id: string; from_address: string; sends: unknown; hard: unknown; complained: unknown; last_at: unknown }>`
        select s.inbox_id, s.from_address, count(*) as sends,
          sum(case when hb.sent_id is null then 0 else 1 end) as hard,
          sum(case when cs.sent_id is null then 0 else 1 end) as complained,
          max(s.created_at) as last_at
        from (select id, inbox_id, from_address, created_at from sent_emails where tenant_id = ${tenantId}
              order by created_at desc, id desc limit ${lastSends}) s
        left join (select distinct sent_id from bounced_emails where tenant_id = ${tenantId} and bounce_type = 'Permanent' and sent_id is not null) hb
          on hb.sent_id = s.id
        left join (select distinct sent_id from complaints where tenant_id = ${tenantId} and sent_id is not null) cs
          on cs.sent_id = s.id
        group by s.inbox_id, s.from_address
        order by s.from_address`.execute(db);
      return rows.map((r) => ({
        inboxId: r.inbox_id, fromAddress: r.from_address, sends: Number(r.sends), hardBounces: Number(r.hard),
        complaints: Number(r.complained), lastSentAt: fromMillis(Number(r.last_at)),
      }));
    },

    async sendsSince(tenantId, since) {
      const rows = await db.selectFrom('sent_emails').where('tenant_id', '=', tenantId).where('created_at', '>=', toMillis(since))
        .select((eb) => ['inbox_id', eb.fn.countAll().as('n')]).groupBy('inbox_id').execute();
      return new Map(rows.map((r) => [r.inbox_id, Number(r.n)]));
    },

    async bounceCounts(tenantId, since) {
      const row = await db.selectFrom('bounced_emails').where('tenant_id', '=', tenantId)
        .select((eb) => [
          eb.fn.countAll().as('total'),
          eb.fn.sum(eb.case().when('created_at', '>=', toMillis(since)).then(1).else(0).end()).as('recent'),
        ]).executeTakeFirstOrThrow();
      return { total: Number(row.total), since: Number(row.recent ?? 0) };
    },
  };
}
