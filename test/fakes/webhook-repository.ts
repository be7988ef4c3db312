/**
 * WebhookRepository in memory: webhooks, their results, the tenant's signing secret, and
 * the delivery jobs as far as payloadOf and redrive read them. The worker's side (claimDue,
 * complete, nextDueAt, releaseLeases) is not faked; tests put jobs and results in place
 * with addDelivery and addResult, as the outbox and the delivery worker would.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { PageRequest } from '../../src/core/paging.js';
import type { WebhookEventName } from '../../src/core/webhook-events.js';
import type {
  ClaimedDelivery, NewWebhookDelivery, WebhookListener, Slice, WebhookAttemptOutcome, WebhookFilter, WebhookHealth, WebhookRecord, WebhookRepository,
  WebhookResultFilter, WebhookResultRecord, WebhookResultType,
} from '../../src/storage/ports.js';
import { contains, copy, inRange, ordered, pageOf, UniqueViolation } from './query.js';
import { notFaked } from './not-faked.js';
import type { DeliveryRow, MemoryTables } from './tables.js';

const ERROR_TYPES: WebhookResultType[] = ['BAD_RESPONSE', 'EXCEPTION', 'EXHAUSTED'];

/** webhook-repository.ts's whereWebhooks, row by row. */
function webhookMatches(w: WebhookRecord, tenantId: string, f: WebhookFilter): boolean {
  if (w.tenantId !== tenantId) return false;
  const accountWide = w.inboxId === null && w.phoneId === null;
  if (f.accountOnly && !accountWide) return false;
  if (f.inboxId !== undefined && !(w.inboxId === f.inboxId || (f.includeAccountWide && accountWide))) return false;
  if (f.phoneId !== undefined && !(w.phoneId === f.phoneId || (f.includeAccountWide && accountWide))) return false;
  if (f.eventName && w.eventName !== f.eventName) return false;
  if (f.health && w.healthStatus !== f.health) return false;
  if (f.url && w.url !== f.url) return false;
  if (!inRange(w.createdAt, f)) return false;
  if (f.search && !contains(w.name ?? '', f.search) && !contains(w.url, f.search) && !contains(w.id, f.search)) return false;
  return true;
}

/** webhook-repository.ts's whereResults, row by row. */
function resultMatches(r: WebhookResultRecord, tenantId: string, f: WebhookResultFilter): boolean {
  if (r.tenantId !== tenantId || f.none) return false;
  if (f.webhookId && r.webhookId !== f.webhookId) return false;
  if (f.unseenOnly && r.seen) return false;
  if (f.resultType && r.resultType !== f.resultType) return false;
  if (f.eventName && r.eventName !== f.eventName) return false;
  // SQL comparisons with a null status are never true
  if (f.minStatusCode !== undefined && (r.responseStatus === null || r.responseStatus < f.minStatusCode)) return false;
  if (f.maxStatusCode !== undefined && (r.responseStatus === null || r.responseStatus > f.maxStatusCode)) return false;
  if (f.inboxId && r.inboxId !== f.inboxId) return false;
  if (f.emailId && r.emailId !== f.emailId) return false;
  if (f.attachmentId && r.attachmentId !== f.attachmentId) return false;
  if (f.phoneId && r.phoneId !== f.phoneId) return false;
  if (f.smsId && r.smsId !== f.smsId) return false;
  if (!inRange(r.createdAt, f)) return false;
  if (f.search) {
    const fields = [r.webhookUrl, r.messageId, r.id, r.responseBodyExtract ?? ''];
    if (!fields.some((value) => contains(value, f.search!))) return false;
  }
  return true;
}

export class FakeWebhookRepository implements WebhookRepository {
  constructor(private readonly tables: MemoryTables) {}

  async create(webhook: WebhookRecord): Promise<void> {
    if (this.tables.webhooks.has(webhook.id)) throw new UniqueViolation(`webhooks.id ${webhook.id}`);
    this.tables.webhooks.set(webhook.id, copy(webhook));
  }

  async find(tenantId: string, id: string): Promise<WebhookRecord | undefined> {
    const webhook = this.tables.webhooks.get(id);
    return webhook && webhook.tenantId === tenantId ? copy(webhook) : undefined;
  }

  async update(webhook: WebhookRecord): Promise<void> {
    const current = this.tables.webhooks.get(webhook.id);
    if (!current || current.tenantId !== webhook.tenantId) return;
    // id, tenant and creation time are not updated
    this.tables.webhooks.set(webhook.id, { ...copy(webhook), id: current.id, tenantId: current.tenantId, createdAt: current.createdAt });
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    const webhook = this.tables.webhooks.get(id);
    if (!webhook || webhook.tenantId !== tenantId) return false;
    this.tables.deleteWebhooks([id]);
    return true;
  }

  async deleteAll(tenantId: string, before?: Date): Promise<number> {
    const ids = [...this.tables.webhooks.values()]
      .filter((w) => w.tenantId === tenantId && (!before || w.createdAt.getTime() < before.getTime()))
      .map((w) => w.id);
    this.tables.deleteWebhooks(ids);
    return ids.length;
  }

  async page(tenantId: string, filter: WebhookFilter, page: PageRequest): Promise<Slice<WebhookRecord>> {
    return pageOf(ordered(this.webhooksWhere(tenantId, filter), page.sort).map(copy), page);
  }

  async endpoints(tenantId: string, filter: WebhookFilter, page: PageRequest): Promise<Slice<{ url: string; health: WebhookHealth }>> {
    const byUrl = new Map<string, { url: string; health: WebhookHealth; first: number }>();
    for (const w of this.webhooksWhere(tenantId, filter)) {
      const seen = byUrl.get(w.url);
      // UNHEALTHY is the worst health of a URL's webhooks; the URL dates from its first webhook.
      byUrl.set(w.url, {
        url: w.url,
        health: seen?.health === 'UNHEALTHY' || w.healthStatus === 'UNHEALTHY' ? 'UNHEALTHY' : 'HEALTHY',
        first: Math.min(seen?.first ?? Infinity, w.createdAt.getTime()),
      });
    }
    const sign = page.sort === 'DESC' ? -1 : 1;
    const groups = [...byUrl.values()].sort((a, b) => sign * (a.first - b.first || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0)));
    return pageOf(groups.map(({ url, health }) => ({ url, health })), page);
  }

  async pageResults(tenantId: string, filter: WebhookResultFilter, page: PageRequest): Promise<Slice<WebhookResultRecord>> {
    return pageOf(ordered(this.resultsWhere(tenantId, filter), page.sort).map(copy), page);
  }

  async countResults(tenantId: string, filter: WebhookResultFilter): Promise<number> {
    return this.resultsWhere(tenantId, filter).length;
  }

  async findResult(tenantId: string, id: string): Promise<WebhookResultRecord | undefined> {
    const result = this.tables.webhookResults.get(id);
    return result && result.tenantId === tenantId ? copy(result) : undefined;
  }

  async markResultSeen(tenantId: string, id: string): Promise<void> {
    const result = this.tables.webhookResults.get(id);
    if (result && result.tenantId === tenantId) result.seen = true;
  }

  async countUnseenErrors(tenantId: string): Promise<number> {
    return [...this.tables.webhookResults.values()]
      .filter((r) => r.tenantId === tenantId && !r.seen && ERROR_TYPES.includes(r.resultType)).length;
  }

  async signingSecret(tenantId: string): Promise<string> {
    let secret = this.tables.signingSecrets.get(tenantId);
    if (!secret) this.tables.signingSecrets.set(tenantId, (secret = randomBytes(32).toString('hex')));
    return secret;
  }

  async payloadOf(tenantId: string, messageId: string): Promise<{ payload: string; template: string | null } | undefined> {
    const job = [...this.tables.webhookDeliveries.values()].find((d) => d.tenantId === tenantId && d.messageId === messageId);
    const webhook = job && this.tables.webhooks.get(job.webhookId);
    return job && webhook ? { payload: job.payload, template: webhook.requestBodyTemplate } : undefined;
  }

  async redrive(tenantId: string, resultId: string, at: Date): Promise<boolean> {
    const result = this.tables.webhookResults.get(resultId);
    if (!result || result.tenantId !== tenantId) return false;
    const job = this.tables.webhookDeliveries.get(result.deliveryId);
    // Same payload and messageId, a fresh retry window; an attempt in flight keeps its lease.
    if (job && job.tenantId === tenantId && job.state !== 'inflight') {
      Object.assign(job, { state: 'pending', nextAttemptAt: at.getTime(), windowStart: at.getTime(), redriveOf: resultId });
    }
    return true;
  }

  async redriveAll(tenantId: string, at: Date): Promise<number> {
    const dead = [...this.tables.webhookDeliveries.values()].filter((d) => d.tenantId === tenantId && d.state === 'dead');
    for (const job of dead) Object.assign(job, { state: 'pending', nextAttemptAt: at.getTime(), windowStart: at.getTime() });
    return dead.length;
  }

  listeners(_tenantIds: string[], _eventNames: WebhookEventName[]): Promise<WebhookListener[]> {
    return notFaked('webhooks.listeners');
  }

  enqueueDeliveries(_claim: { token: string; eventIds: string[] }, _deliveries: NewWebhookDelivery[], _at: number): Promise<{ events: number; deliveries: number }> {
    return notFaked('webhooks.enqueueDeliveries');
  }

  claimDue(_now: number, _limit: number, _leaseMs: number): Promise<ClaimedDelivery[]> {
    return notFaked('webhooks.claimDue');
  }

  complete(_claim: ClaimedDelivery, _outcome: WebhookAttemptOutcome, _at: number): Promise<void> {
    return notFaked('webhooks.complete');
  }

  completeAll(_entries: ReadonlyArray<{ claim: ClaimedDelivery; outcome: WebhookAttemptOutcome }>, _at: number): Promise<void> {
    return notFaked('webhooks.completeAll');
  }

  nextDueAt(): Promise<number | undefined> {
    return notFaked('webhooks.nextDueAt');
  }

  releaseLeases(): Promise<void> {
    return notFaked('webhooks.releaseLeases');
  }

  // ---- test side: what the outbox and the delivery worker would have written ----

  /** A delivery job for `webhookId` carrying `payload` under `messageId` (the outbox writes these). */
  addDelivery(job: Pick<DeliveryRow, 'tenantId' | 'webhookId' | 'messageId' | 'payload'> & Partial<DeliveryRow>): DeliveryRow {
    const webhook = this.tables.webhooks.get(job.webhookId);
    if (!webhook) throw new Error(`foreign key: no webhook ${job.webhookId}`);
    const now = Date.now();
    const row: DeliveryRow = {
      id: randomUUID(), eventName: webhook.eventName, state: 'pending', nextAttemptAt: now, windowStart: now, redriveOf: null, createdAt: now,
      ...job,
    };
    if ([...this.tables.webhookDeliveries.values()].some((d) => d.messageId === row.messageId)) {
      throw new UniqueViolation(`webhook_deliveries.message_id ${row.messageId}`);
    }
    this.tables.webhookDeliveries.set(row.id, row);
    return { ...row };
  }

  /** A delivery attempt's result, unseen unless said otherwise (the worker records these). */
  addResult(result: Omit<WebhookResultRecord, 'seen' | 'updatedAt'> & { seen?: boolean; updatedAt?: Date }): WebhookResultRecord {
    if (!this.tables.webhooks.has(result.webhookId)) throw new Error(`foreign key: no webhook ${result.webhookId}`);
    if (this.tables.webhookResults.has(result.id)) throw new UniqueViolation(`webhook_results.id ${result.id}`);
    const row: WebhookResultRecord = { seen: false, updatedAt: result.createdAt, ...copy(result) };
    this.tables.webhookResults.set(row.id, row);
    return copy(row);
  }

  /** The delivery job with this id, as stored now. */
  delivery(id: string): DeliveryRow | undefined {
    const job = this.tables.webhookDeliveries.get(id);
    return job && { ...job };
  }

  private webhooksWhere(tenantId: string, filter: WebhookFilter): WebhookRecord[] {
    return [...this.tables.webhooks.values()].filter((w) => webhookMatches(w, tenantId, filter));
  }

  private resultsWhere(tenantId: string, filter: WebhookResultFilter): WebhookResultRecord[] {
    return [...this.tables.webhookResults.values()].filter((r) => resultMatches(r, tenantId, filter));
  }
}
