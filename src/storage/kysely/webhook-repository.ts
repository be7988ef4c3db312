import { randomBytes, randomUUID } from 'node:crypto';
import { PostgresAdapter, sql, type ExpressionBuilder, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, WebhookDeliveriesTable, WebhookResultsTable, WebhooksTable } from '../schema.js';
import type {
  ClaimedDelivery, WebhookFilter, WebhookHealth, WebhookRecord, WebhookRepository, WebhookResultFilter,
  WebhookResultRecord, WebhookResultType,
} from '../ports.js';
import type { WebhookEventName } from '../../core/webhook-events.js';
import { containsPattern, flag, fromMillis, isSet, toMillis } from './rows.js';
import { nextDueAt, releaseLeases } from './leased-jobs.js';
import { BY_CREATION, paged } from './paged.js';
import { removeClaimedEvents } from './domain-event-repository.js';
import { relaxedTransaction } from './dialect/relaxed-commit.js';
import { storableText } from '../../core/text.js';

/** Due deliveries a filtered claim looks at, per job it may lease: room to pass over saturated targets. */
const CLAIM_LOOK_AHEAD = 4;

/** Delivery rows per multi-row INSERT. */
const DELIVERIES_PER_INSERT = 200;

const toWebhook = (row: Selectable<WebhooksTable>): WebhookRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  inboxId: row.inbox_id,
  phoneId: row.phone_id,
  name: row.name,
  url: row.url,
  eventName: row.event_name as WebhookEventName,
  basicAuth: row.basic_auth_username !== null
    ? { username: row.basic_auth_username, password: row.basic_auth_password ?? '' }
    : null,
  headers: JSON.parse(row.headers_json) as WebhookRecord['headers'],
  requestBodyTemplate: row.request_body_template,
  useStaticIpRange: isSet(row.use_static_ip_range),
  ignoreInsecureSsl: isSet(row.ignore_insecure_ssl),
  tags: JSON.parse(row.tags_json) as string[],
  enabled: isSet(row.enabled),
  healthStatus: row.health_status as WebhookHealth,
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

const webhookRow = (w: WebhookRecord): Selectable<WebhooksTable> => ({
  id: w.id,
  tenant_id: w.tenantId,
  inbox_id: w.inboxId,
  phone_id: w.phoneId,
  name: w.name,
  url: w.url,
  event_name: w.eventName,
  basic_auth_username: w.basicAuth?.username ?? null,
  basic_auth_password: w.basicAuth?.password ?? null,
  headers_json: JSON.stringify(w.headers),
  request_body_template: w.requestBodyTemplate,
  use_static_ip_range: flag(w.useStaticIpRange),
  ignore_insecure_ssl: flag(w.ignoreInsecureSsl),
  tags_json: JSON.stringify(w.tags),
  enabled: flag(w.enabled),
  health_status: w.healthStatus,
  created_at: toMillis(w.createdAt),
  updated_at: toMillis(w.updatedAt),
});

const toResult = (row: Selectable<WebhookResultsTable>): WebhookResultRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  webhookId: row.webhook_id,
  deliveryId: row.delivery_id,
  messageId: row.message_id,
  redriveId: row.redrive_id,
  webhookUrl: row.webhook_url,
  httpMethod: row.http_method,
  eventName: row.event_name as WebhookEventName,
  responseStatus: row.response_status === null ? null : Number(row.response_status),
  responseTimeMillis: Number(row.response_time_ms),
  responseBodyExtract: row.response_body_extract,
  error: row.error,
  resultType: row.result_type as WebhookResultType,
  seen: isSet(row.seen),
  inboxId: row.inbox_id,
  emailId: row.email_id,
  attachmentId: row.attachment_id,
  phoneId: row.phone_id,
  smsId: row.sms_id,
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

function whereWebhooks(tenantId: string, f: WebhookFilter) {
  return (eb: ExpressionBuilder<Database, 'webhooks'>) => {
    const and = [eb('webhooks.tenant_id', '=', tenantId)];
    const accountWide = eb.and([eb('webhooks.inbox_id', 'is', null), eb('webhooks.phone_id', 'is', null)]);
    if (f.accountOnly) and.push(accountWide);
    if (f.inboxId !== undefined) {
      const own = eb('webhooks.inbox_id', '=', f.inboxId);
      and.push(f.includeAccountWide ? eb.or([own, accountWide]) : own);
    }
    if (f.phoneId !== undefined) {
      const own = eb('webhooks.phone_id', '=', f.phoneId);
      and.push(f.includeAccountWide ? eb.or([own, accountWide]) : own);
    }
    if (f.eventName) and.push(eb('webhooks.event_name', '=', f.eventName));
    if (f.health) and.push(eb('webhooks.health_status', '=', f.health));
    if (f.url) and.push(eb('webhooks.url', '=', f.url));
    if (f.since) and.push(eb('webhooks.created_at', '>', toMillis(f.since)));
    if (f.before) and.push(eb('webhooks.created_at', '<', toMillis(f.before)));
    if (f.search) {
      const pattern = containsPattern(f.search);
      const like = (column: string) => sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
      and.push(eb.or([like('webhooks.name'), like('webhooks.url'), like('webhooks.id')]));
    }
    return eb.and(and);
  };
}

function whereResults(tenantId: string, f: WebhookResultFilter) {
  return (eb: ExpressionBuilder<Database, 'webhook_results'>) => {
    const and = [eb('webhook_results.tenant_id', '=', tenantId)];
    if (f.none) and.push(eb('webhook_results.id', 'is', null));
    if (f.webhookId) and.push(eb('webhook_results.webhook_id', '=', f.webhookId));
    if (f.unseenOnly) and.push(eb('webhook_results.seen', '=', 0));
    if (f.resultType) and.push(eb('webhook_results.result_type', '=', f.resultType));
    if (f.eventName) and.push(eb('webhook_results.event_name', '=', f.eventName));
    if (f.minStatusCode !== undefined) and.push(eb('webhook_results.response_status', '>=', f.minStatusCode));
    if (f.maxStatusCode !== undefined) and.push(eb('webhook_results.response_status', '<=', f.maxStatusCode));
    if (f.inboxId) and.push(eb('webhook_results.inbox_id', '=', f.inboxId));
    if (f.emailId) and.push(eb('webhook_results.email_id', '=', f.emailId));
    if (f.attachmentId) and.push(eb('webhook_results.attachment_id', '=', f.attachmentId));
    if (f.phoneId) and.push(eb('webhook_results.phone_id', '=', f.phoneId));
    if (f.smsId) and.push(eb('webhook_results.sms_id', '=', f.smsId));
    if (f.since) and.push(eb('webhook_results.created_at', '>', toMillis(f.since)));
    if (f.before) and.push(eb('webhook_results.created_at', '<', toMillis(f.before)));
    if (f.search) {
      const pattern = containsPattern(f.search);
      const like = (column: string) => sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
      and.push(eb.or([like('webhook_results.webhook_url'), like('webhook_results.message_id'), like('webhook_results.id'),
        like('webhook_results.response_body_extract')]));
    }
    return eb.and(and);
  };
}

/** A job is due when pending and its time has come, or when a lease ran out (its worker died). */
const dueAt = (now: number) => (eb: ExpressionBuilder<Database, 'webhook_deliveries'>) => eb.or([
  eb.and([eb('webhook_deliveries.state', '=', 'pending'), eb('webhook_deliveries.next_attempt_at', '<=', now)]),
  eb.and([eb('webhook_deliveries.state', '=', 'inflight'), eb('webhook_deliveries.lease_until', '<', now)]),
]);

const ERROR_TYPES: WebhookResultType[] = ['BAD_RESPONSE', 'EXCEPTION', 'EXHAUSTED'];

export function webhookRepository(db: Kysely<Database>): WebhookRepository {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  async function completeAll(entries: Parameters<WebhookRepository['completeAll']>[0], at: number): Promise<void> {
    if (entries.length === 0) return;
    await relaxedTransaction(db, async (trx) => {
      let live = entries;
      // PostgreSQL: the webhooks' rows are locked before their jobs', in the order deleteWebhook
      // takes them (the webhook, then its jobs and results by cascade), and in id order so two
      // batches never wait on each other crosswise. Locked the other way round, a delete arriving
      // between a job's update and its result's insert (whose foreign-key check waits on the
      // webhook's row) deadlocked, and one of them failed.
      if (postgres) {
        const ids = [...new Set(entries.map((e) => e.claim.webhookId))].sort();
        const locked = await trx.selectFrom('webhooks').select('id').where('id', 'in', ids).orderBy('id').forNoKeyUpdate().execute();
        // deleted meanwhile: their jobs and results went with them, there is nothing to record
        const present = new Set(locked.map((w) => w.id));
        live = entries.filter((e) => present.has(e.claim.webhookId));
      }
      // Our lease ran out and another worker took the job: its attempt is the one on record.
      const moved = await settleLeasedJobs(trx, live, at);
      const recorded = live.filter((e) => moved.has(e.claim.id));
      if (recorded.length === 0) return;
      await trx.insertInto('webhook_results').values(recorded.map(({ outcome: { result: r } }) => ({
        id: r.id,
        tenant_id: r.tenantId,
        webhook_id: r.webhookId,
        delivery_id: r.deliveryId,
        message_id: r.messageId,
        redrive_id: r.redriveId,
        webhook_url: r.webhookUrl,
        http_method: r.httpMethod,
        event_name: r.eventName,
        response_status: r.responseStatus,
        response_time_ms: r.responseTimeMillis,
        // a target's answer may hold U+0000, which PostgreSQL text refuses (core/text.ts)
        response_body_extract: r.responseBodyExtract === null ? null : storableText(r.responseBodyExtract),
        error: r.error === null ? null : storableText(r.error),
        result_type: r.resultType,
        seen: 0,
        inbox_id: r.inboxId,
        email_id: r.emailId,
        attachment_id: r.attachmentId,
        phone_id: r.phoneId,
        sms_id: r.smsId,
        created_at: toMillis(r.createdAt),
        updated_at: at,
      }))).execute();
      // Each webhook's health is that of its last attempt here; one that answered 410 is disabled.
      const last = new Map(recorded.map((e) => [e.claim.webhookId, e.outcome]));
      const disabled = new Set(recorded.filter((e) => e.outcome.disableWebhook).map((e) => e.claim.webhookId));
      for (const [webhookId, outcome] of last) {
        const health = outcome.result.resultType === 'SUCCESS' ? 'HEALTHY' : 'UNHEALTHY';
        if (disabled.has(webhookId)) {
          await trx.updateTable('webhooks').set({ health_status: health, enabled: 0, updated_at: at }).where('id', '=', webhookId).execute();
        } else {
          // Written only when it changes: a healthy webhook's deliveries do not rewrite its row.
          await trx.updateTable('webhooks').set({ health_status: health })
            .where('id', '=', webhookId).where('health_status', '!=', health).execute();
        }
      }
    });
  }

  /**
   * Each job whose lease is still ours takes its outcome: pending again at its next attempt, or
   * delivered or dead. The ids moved. On PostgreSQL one statement for the whole batch (one
   * UPDATE per outcome was a round trip each, and bounded the drain of a backlog); SQLite, in
   * process, runs one per job.
   */
  async function settleLeasedJobs(trx: Transaction<Database>, entries: Parameters<WebhookRepository['completeAll']>[0], at: number): Promise<Set<string>> {
    const moved = new Set<string>();
    if (entries.length === 0) return moved;
    const rows = entries.map(({ claim, outcome }) => ({
      id: claim.id,
      token: claim.leaseToken,
      state: outcome.next.state,
      nextAttemptAt: outcome.next.state === 'pending' ? outcome.next.nextAttemptAt : null,
      attempts: claim.attempts + 1,
    }));
    if (postgres) {
      const values = sql.join(rows.map((r) => sql`(${r.id}::text, ${r.token}::text, ${r.state}::text, ${r.nextAttemptAt}::bigint, ${r.attempts}::integer)`));
      const result = await sql<{ id: string }>`update webhook_deliveries as d
        set state = v.state, next_attempt_at = coalesce(v.next_attempt_at, d.next_attempt_at), attempts = v.attempts,
          lease_token = null, lease_until = null, updated_at = ${at}
        from (values ${values}) as v(id, token, state, next_attempt_at, attempts)
        where d.id = v.id and d.lease_token = v.token
        returning d.id`.execute(trx);
      for (const row of result.rows) moved.add(row.id);
      return moved;
    }
    for (const r of rows) {
      const result = await trx.updateTable('webhook_deliveries')
        .set({ state: r.state, ...(r.nextAttemptAt === null ? {} : { next_attempt_at: r.nextAttemptAt }), attempts: r.attempts, lease_token: null, lease_until: null, updated_at: at })
        .where('id', '=', r.id).where('lease_token', '=', r.token)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) moved.add(r.id);
    }
    return moved;
  }

  async function withWebhooks(rows: Selectable<WebhookDeliveriesTable>[], token: string): Promise<ClaimedDelivery[]> {
    if (rows.length === 0) return [];
    const hooks = await db.selectFrom('webhooks').selectAll().where('id', 'in', [...new Set(rows.map((r) => r.webhook_id))]).execute();
    const byId = new Map(hooks.map((h) => [h.id, toWebhook(h)]));
    return rows.flatMap((r) => {
      const webhook = byId.get(r.webhook_id);
      if (!webhook) return [];
      return [{
        id: r.id,
        tenantId: r.tenant_id,
        webhookId: r.webhook_id,
        messageId: r.message_id,
        eventName: r.event_name as WebhookEventName,
        payload: r.payload,
        attempts: Number(r.attempts),
        windowStart: Number(r.window_start),
        leaseToken: token,
        redriveOf: r.redrive_of,
        inboxId: r.inbox_id,
        emailId: r.email_id,
        attachmentId: r.attachment_id,
        phoneId: r.phone_id,
        smsId: r.sms_id,
        webhook,
      }];
    });
  }

  return {
    async create(webhook) {
      await db.insertInto('webhooks').values(webhookRow(webhook)).execute();
    },

    async find(tenantId, id) {
      const row = await db.selectFrom('webhooks').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row ? toWebhook(row) : undefined;
    },

    async update(webhook) {
      const { id, tenant_id, created_at, ...rest } = webhookRow(webhook);
      await db.updateTable('webhooks').set(rest).where('tenant_id', '=', tenant_id).where('id', '=', id).execute();
    },

    async delete(tenantId, id) {
      const result = await db.deleteFrom('webhooks').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async deleteAll(tenantId, before) {
      let query = db.deleteFrom('webhooks').where('tenant_id', '=', tenantId);
      if (before) query = query.where('created_at', '<', toMillis(before));
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async page(tenantId, filter, page) {
      const { items, total } = await paged(
        db.selectFrom('webhooks').selectAll().where(whereWebhooks(tenantId, filter)), page, BY_CREATION,
      );
      return { items: items.map(toWebhook), total };
    },

    async endpoints(tenantId, filter, page) {
      // UNHEALTHY sorts after HEALTHY, so max() is the worst health of the URL's webhooks.
      const grouped = db.selectFrom('webhooks')
        .select((eb) => ['url', eb.fn.max('health_status').as('health'), eb.fn.min('created_at').as('first')])
        .where(whereWebhooks(tenantId, filter)).groupBy('url');
      const { items, total } = await paged(
        grouped, page, ['first', 'url'], db.selectFrom(grouped.as('g')).select((eb) => eb.fn.countAll<number>().as('n')),
      );
      return { items: items.map((r) => ({ url: r.url, health: r.health as WebhookHealth })), total };
    },

    async pageResults(tenantId, filter, page) {
      const { items, total } = await paged(
        db.selectFrom('webhook_results').selectAll().where(whereResults(tenantId, filter)), page, BY_CREATION,
      );
      return { items: items.map(toResult), total };
    },

    async countResults(tenantId, filter) {
      const row = await db.selectFrom('webhook_results').select((eb) => eb.fn.countAll<number>().as('n'))
        .where(whereResults(tenantId, filter)).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async findResult(tenantId, id) {
      const row = await db.selectFrom('webhook_results').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row ? toResult(row) : undefined;
    },

    async markResultSeen(tenantId, id) {
      await db.updateTable('webhook_results').set({ seen: 1 }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    },

    async countUnseenErrors(tenantId) {
      const row = await db.selectFrom('webhook_results').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId).where('seen', '=', 0).where('result_type', 'in', ERROR_TYPES)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async signingSecret(tenantId) {
      const existing = await db.selectFrom('webhook_signing_secrets').select('secret').where('tenant_id', '=', tenantId).executeTakeFirst();
      if (existing) return existing.secret;
      // Two nodes may race to create it: the first insert wins and both read that one.
      await db.insertInto('webhook_signing_secrets')
        .values({ tenant_id: tenantId, secret: randomBytes(32).toString('hex'), created_at: Date.now() })
        .onConflict((oc) => oc.column('tenant_id').doNothing())
        .execute();
      const row = await db.selectFrom('webhook_signing_secrets').select('secret').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
      return row.secret;
    },

    async payloadOf(tenantId, messageId) {
      const row = await db.selectFrom('webhook_deliveries')
        .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
        .select(['webhook_deliveries.payload', 'webhooks.request_body_template'])
        .where('webhook_deliveries.tenant_id', '=', tenantId).where('webhook_deliveries.message_id', '=', messageId)
        .executeTakeFirst();
      return row ? { payload: row.payload, template: row.request_body_template } : undefined;
    },

    async redrive(tenantId, resultId, at) {
      const result = await db.selectFrom('webhook_results').select('delivery_id')
        .where('tenant_id', '=', tenantId).where('id', '=', resultId).executeTakeFirst();
      if (!result) return false;
      const now = toMillis(at);
      // Same payload and messageId, a fresh retry window; an attempt in flight keeps its lease.
      await db.updateTable('webhook_deliveries')
        .set({ state: 'pending', next_attempt_at: now, window_start: now, redrive_of: resultId, updated_at: now })
        .where('tenant_id', '=', tenantId).where('id', '=', result.delivery_id).where('state', '!=', 'inflight')
        .execute();
      return true;
    },

    async redriveAll(tenantId, at) {
      const now = toMillis(at);
      const result = await db.updateTable('webhook_deliveries')
        .set({ state: 'pending', next_attempt_at: now, window_start: now, updated_at: now })
        .where('tenant_id', '=', tenantId).where('state', '=', 'dead')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async listeners(tenantIds, eventNames) {
      if (tenantIds.length === 0 || eventNames.length === 0) return [];
      const rows = await db.selectFrom('webhooks')
        .select(['id', 'tenant_id', 'inbox_id', 'phone_id', 'name', 'event_name'])
        .where('tenant_id', 'in', tenantIds)
        .where('event_name', 'in', eventNames)
        .where('enabled', '=', 1)
        .execute();
      return rows.map((r) => ({
        id: r.id, tenantId: r.tenant_id, inboxId: r.inbox_id, phoneId: r.phone_id, name: r.name, eventName: r.event_name as WebhookEventName,
      }));
    },

    async enqueueDeliveries(claim, deliveries, at) {
      // A relaxed commit (no wait for the disk flush) loses nothing: no delivery is sent before
      // claimDue leases it in a commit that does wait for the flush, and that flush (the WAL
      // is written in order, on SQLite and PostgreSQL alike) makes this commit durable too. A
      // power cut before then undoes the whole of it: the events come back and are dispatched again.
      return relaxedTransaction(db, async (trx) => {
        // The events first: their row locks decide, against a dispatcher that took them over
        // after our lease ran out, which of the two queues their deliveries.
        const removed = await removeClaimedEvents(trx, claim.token, claim.eventIds);
        const rows = deliveries.filter((d) => removed.has(d.eventId)).map((d): Selectable<WebhookDeliveriesTable> => ({
          id: randomUUID(),
          tenant_id: d.tenantId,
          webhook_id: d.webhookId,
          message_id: d.messageId,
          event_name: d.eventName,
          payload: d.payload,
          inbox_id: d.inboxId,
          email_id: d.emailId,
          attachment_id: d.attachmentId,
          phone_id: d.phoneId,
          sms_id: d.smsId,
          state: 'pending',
          attempts: 0,
          next_attempt_at: at,
          lease_token: null,
          lease_until: null,
          window_start: at,
          redrive_of: null,
          created_at: at,
          updated_at: at,
        }));
        for (let i = 0; i < rows.length; i += DELIVERIES_PER_INSERT) {
          await trx.insertInto('webhook_deliveries').values(rows.slice(i, i + DELIVERIES_PER_INSERT)).execute();
        }
        return { events: removed.size, deliveries: rows.length };
      });
    },

    async claimDue(now, limit, leaseMs, filter) {
      const token = randomUUID();
      const lease = { state: 'inflight', lease_token: token, lease_until: now + leaseMs, updated_at: now } as const;
      const skip = filter?.skipWebhookIds ?? [];
      // Due jobs, soonest first: pending ones in the order of the (state, next_attempt_at) index,
      // then leases that ran out (their worker died; on PostgreSQL through the (state, lease_until)
      // index, which holds the few rather than every version of every job once in flight). Two
      // reads rather than one with OR, which sorted every due job on each claim: a backlog of
      // thousands cost that on every batch. (`claimLeased` in leased-jobs.ts has the same two
      // sides for the other queues; here each also tests the webhook's flag and the skip list.)
      const due = (q: Kysely<Database>, n: number, side: 'pending' | 'expired') => q.selectFrom('webhook_deliveries')
        .$if(side === 'pending', (w) => w.where('state', '=', 'pending').where('next_attempt_at', '<=', now).orderBy('next_attempt_at'))
        .$if(side === 'expired', (w) => w.where('state', '=', 'inflight').where('lease_until', '<', now))
        // The webhook's flag read per job, not as EXISTS: PostgreSQL turns EXISTS into a join that,
        // with a fresh table's few statistics, it starts from the webhooks, reading and sorting all
        // of a webhook's due jobs (the whole backlog) to take the first few. And `<> 0` rather than
        // `= 1` (the flag is one or the other): the planner guesses an unknown expression equal to
        // a value for 0.5% of rows, so expecting to read everything to find one it sorted them all
        // again; unequal it guesses for nearly all, and reads the index in order up to the limit.
        .where((eb) => eb(eb.selectFrom('webhooks').select('webhooks.enabled')
          .whereRef('webhooks.id', '=', 'webhook_deliveries.webhook_id'), '!=', 0))
        .$if(skip.length > 0, (w) => w.where('webhook_id', 'not in', skip))
        .limit(n);
      // Look first, outside a transaction: the worker is woken by every stored email, read mark
      // and status, mostly to find nothing due. On SQLite a write transaction would also take
      // the file's write lock, which the ingest writer thread needs for every group of mail;
      // on PostgreSQL it would cost three round trips where one answers. The first due time of
      // each side, not EXISTS: ordered and limited to one row, the planner reads it from the
      // index whatever its statistics say (for EXISTS it read every due job's entry).
      const anyDue = await db.selectNoFrom(() => [
        due(db, 1, 'pending').select('next_attempt_at').as('pending'),
        due(db, 1, 'expired').select('lease_until').as('expired'),
      ]).executeTakeFirst();
      if (!anyDue || (anyDue.pending === null && anyDue.expired === null)) return [];
      // A lease lost to a crash of the machine leaves its job pending: relaxed, like the outcomes.
      const rows = await relaxedTransaction(db, async (trx) => {
        // PostgreSQL: rows another node is claiming are skipped, not waited for, so no job is
        // sent twice at once. SQLite: one process, and better-sqlite3 runs one transaction at a time.
        // With a filter, a few times the limit is looked at, for it to choose among targets.
        const n = filter ? limit * CLAIM_LOOK_AHEAD : limit;
        const locked = (side: 'pending' | 'expired') => due(trx, n, side)
          .select((eb) => ['id', 'webhook_id',
            eb.selectFrom('webhooks').select('webhooks.url').whereRef('webhooks.id', '=', 'webhook_deliveries.webhook_id').as('url')])
          .$if(postgres, (q) => q.forUpdate().skipLocked());
        // PostgreSQL: both sides in one statement (a round trip each otherwise), pending first
        const looked = postgres
          ? (await trx.selectFrom([locked('pending').as('p')]).selectAll().unionAll(trx.selectFrom([locked('expired').as('e')]).selectAll()).execute())
          : [...await locked('pending').execute(), ...await locked('expired').execute()];
        const ids = filter
          ? filter.choose(looked.map((d) => ({ id: d.id, webhookId: d.webhook_id, url: d.url ?? '' })), limit).slice(0, limit)
          : looked.slice(0, limit).map((d) => d.id);
        if (ids.length === 0) return [];
        return trx.updateTable('webhook_deliveries').set(lease).where('id', 'in', ids).returningAll().execute();
      }, { inIndexOrder: true });
      return withWebhooks(rows, token);
    },

    complete: (claim, outcome, at) => completeAll([{ claim, outcome }], at),

    completeAll,

    nextDueAt: (skipWebhookIds = []) => nextDueAt(db, 'webhook_deliveries', { webhookIds: skipWebhookIds }),

    releaseLeases: () => releaseLeases(db, 'webhook_deliveries'),
  };
}
