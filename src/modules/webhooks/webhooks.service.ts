import { randomUUID } from 'node:crypto';
import type { Clock } from '../../core/clock.js';
import { badRequest, notFound } from '../../core/errors.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { EventBus } from '../../events/bus.js';
import { effectiveTimeout, waitForEvent } from '../../events/wait.js';
import { postWebhook } from '../../jobs/webhook-http.js';
import { AllowList, isLocalhostName, nonPublicRange, parseAddress, type DnsLookup } from '../../jobs/outbound-targets.js';
import { renderBody, signatureMatches, signBody, SIGNATURE_HEADER } from '../../jobs/webhook-signature.js';
import type {
  PhoneNumberRepository, Slice, WebhookFilter, WebhookHeader, WebhookHealth, WebhookRecord, WebhookRepository, WebhookResultFilter,
  WebhookResultRecord, WebhookResultType,
} from '../../storage/ports.js';
import type { WebhookEventName } from './payloads.js';
import type { InboxService } from '../inbox/inbox.service.js';
import { examplePayload } from './examples.js';
import { timeoutError } from '../email/wait.js';

export interface WebhookOptionsInput {
  url: string;
  basicAuth?: { username: string; password: string } | null;
  name?: string | null;
  eventName?: WebhookEventName;
  includeHeaders?: { headers: WebhookHeader[] } | null;
  requestBodyTemplate?: string | null;
  aiTransformId?: string | null;
  useStaticIpRange?: boolean | null;
  ignoreInsecureSslCertificates?: boolean | null;
  tags?: string[] | null;
}

export interface WebhookServiceSettings {
  /** refuse non-public targets (PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE): fixed, or asked per request (the automatic rule) */
  blockPrivate: boolean | (() => Promise<boolean>);
  /** targets opened despite the block (PIGEONHOLE_WEBHOOK_ALLOW) */
  allow?: AllowList;
  /** how test sends resolve host names (tests inject one) */
  lookup?: DnsLookup;
  /** per-attempt timeout, also for test sends */
  timeoutMs: number;
}

type ListInput = {
  page?: number; size?: number; sort?: SortDirection; searchFilter?: string; since?: Date; before?: Date;
  eventType?: WebhookEventName; health?: WebhookHealth; includeAccountWide?: boolean; inboxId?: string; phoneId?: string;
  aiTransformerId?: string; url?: string;
};
export type ResultListInput = {
  page?: number; size?: number; sort?: SortDirection; searchFilter?: string; since?: Date; before?: Date; unseenOnly?: boolean;
  resultType?: WebhookResultType; eventName?: WebhookEventName; minStatusCode?: number; maxStatusCode?: number;
  inboxId?: string; emailId?: string; attachmentId?: string; smsId?: string; phoneId?: string; aiTransformerId?: string;
};

const noPhone = (id: string) => notFound(`No phone number ${id}`);

/**
 * WebhookController: webhooks of inboxes and of the account, their results, redrive,
 * examples, JSON schemas and signature checks. Deliveries themselves are made by the
 * worker (jobs/webhook-delivery.ts) from the jobs the dispatcher (dispatcher.ts) makes of the
 * domain events the repositories write with each change.
 */
export class WebhookService {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly inboxes: InboxService,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly settings: WebhookServiceSettings,
    /** the carrier's numbers: a phone webhook needs one of the caller's */
    private readonly phones: Pick<PhoneNumberRepository, 'findById'>,
    /** wakes this node's delivery worker (set once it runs); other nodes find redriven jobs on their next look */
    readonly queued: { wake: () => void } = { wake: () => undefined },
  ) {}

  async createForInbox(tenantId: string, inboxId: string, input: WebhookOptionsInput): Promise<WebhookRecord> {
    await this.inboxes.get(tenantId, inboxId);
    return this.create(tenantId, { inboxId, phoneId: null }, input);
  }

  createForAccount(tenantId: string, input: WebhookOptionsInput): Promise<WebhookRecord> {
    return this.create(tenantId, { inboxId: null, phoneId: null }, input);
  }

  /**
   * createWebhookForPhoneNumber: a webhook of one of the caller's numbers (404 for any other).
   * It hears that number's SMS (NEW_SMS, the default event here; an email event name would
   * never fire on a number, so it is a 400).
   */
  async createForPhone(tenantId: string, phoneId: string, input: WebhookOptionsInput): Promise<WebhookRecord> {
    await this.phone(tenantId, phoneId);
    const eventName = input.eventName ?? 'NEW_SMS';
    if (eventName !== 'NEW_SMS') throw badRequest(`eventName ${eventName} never fires on a phone number: a phone number's webhook hears NEW_SMS`);
    return this.create(tenantId, { inboxId: null, phoneId }, { ...input, eventName });
  }

  private async phone(tenantId: string, phoneId: string): Promise<void> {
    if (!(await this.phones.findById(tenantId, phoneId))) throw noPhone(phoneId);
  }

  async createForAITransformer(_tenantId: string, transformerId: string): Promise<WebhookRecord> {
    throw notFound(`No AI transformer ${transformerId}`);
  }

  private async create(tenantId: string, attachTo: { inboxId: string | null; phoneId: string | null }, input: WebhookOptionsInput) {
    const now = this.clock.now();
    const webhook: WebhookRecord = {
      id: randomUUID(),
      tenantId,
      ...attachTo,
      ...(await this.fromOptions(input)),
      enabled: true,
      healthStatus: 'HEALTHY',
      createdAt: now,
      updatedAt: now,
    };
    await this.webhooks.create(webhook);
    return webhook;
  }

  private blocksPrivate(): Promise<boolean> {
    const rule = this.settings.blockPrivate;
    return typeof rule === 'function' ? rule() : Promise.resolve(rule);
  }

  private async fromOptions(input: WebhookOptionsInput) {
    return {
      url: await this.checkUrl(input.url),
      name: input.name ?? null,
      eventName: input.eventName ?? 'EMAIL_RECEIVED',
      basicAuth: input.basicAuth ?? null,
      headers: input.includeHeaders?.headers ?? [],
      requestBodyTemplate: input.requestBodyTemplate ?? null,
      useStaticIpRange: input.useStaticIpRange ?? false,
      ignoreInsecureSsl: input.ignoreInsecureSslCertificates ?? false,
      tags: input.tags ?? [],
    };
  }

  /**
   * An absolute http(s) URL; under the block, not an IP literal outside the public ranges (any
   * spelling) nor a localhost name. Names are resolved and checked when sent, on every hop.
   */
  private async checkUrl(value: string): Promise<string> {
    let url: URL;
    try {
      url = new URL(value.trim());
    } catch {
      throw badRequest(`url must be an absolute http or https URL, got ${JSON.stringify(value)}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest(`url must use http or https, got ${url.protocol}`);
    if (await this.blocksPrivate()) {
      const host = url.hostname.replace(/^\[|\]$/g, '');
      const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
      const allow = this.settings.allow ?? AllowList.EMPTY;
      const literal = parseAddress(host);
      const range = literal ? nonPublicRange(literal.address) : isLocalhostName(host) && !allow.allowsName(host, port) ? 'loopback' : null;
      if (range && !(literal && allow.allowsAddress(literal.address, port))) {
        throw badRequest(`url ${host} is a ${range} target: this server is reachable by others and refuses loopback, private `
          + 'and other non-public targets (PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE; PIGEONHOLE_WEBHOOK_ALLOW opens chosen ones)');
      }
    }
    return url.toString();
  }

  async get(tenantId: string, webhookId: string): Promise<WebhookRecord> {
    const webhook = await this.webhooks.find(tenantId, webhookId);
    if (!webhook) throw notFound(`No webhook ${webhookId}`);
    return webhook;
  }

  async update(
    tenantId: string,
    webhookId: string,
    input: WebhookOptionsInput,
    query: { inboxId?: string; phoneNumberId?: string; aiTransformerId?: string; overrideAuth?: boolean },
  ): Promise<WebhookRecord> {
    const current = await this.get(tenantId, webhookId);
    if (query.phoneNumberId) await this.phone(tenantId, query.phoneNumberId);
    if (query.aiTransformerId) throw notFound(`No AI transformer ${query.aiTransformerId}`);
    if (query.inboxId) await this.inboxes.get(tenantId, query.inboxId);
    const options = await this.fromOptions(input);
    const updated: WebhookRecord = {
      ...current,
      url: options.url,
      // Options left out keep their current values (eventName does not fall back to EMAIL_RECEIVED).
      name: input.name !== undefined ? options.name : current.name,
      eventName: input.eventName ?? current.eventName,
      requestBodyTemplate: input.requestBodyTemplate !== undefined ? options.requestBodyTemplate : current.requestBodyTemplate,
      useStaticIpRange: input.useStaticIpRange != null ? options.useStaticIpRange : current.useStaticIpRange,
      ignoreInsecureSsl: input.ignoreInsecureSslCertificates != null ? options.ignoreInsecureSsl : current.ignoreInsecureSsl,
      tags: input.tags != null ? options.tags : current.tags,
      // Basic auth is kept unless new values are given, or overrideAuth asks to replace (or clear) it.
      basicAuth: query.overrideAuth ? (input.basicAuth ?? null) : (input.basicAuth ?? current.basicAuth),
      headers: input.includeHeaders ? options.headers : current.headers,
      // attached to a phone number (phoneNumberId) or an inbox: one or the other
      inboxId: query.phoneNumberId ? null : (query.inboxId ?? current.inboxId),
      phoneId: query.inboxId ? null : (query.phoneNumberId ?? current.phoneId),
      // Updating a webhook that a receiver disabled (410 Gone) turns it back on.
      enabled: true,
      updatedAt: this.clock.now(),
    };
    if (updated.phoneId && updated.eventName !== 'NEW_SMS') {
      throw badRequest(`eventName ${updated.eventName} never fires on a phone number: a phone number's webhook hears NEW_SMS`);
    }
    await this.webhooks.update(updated);
    return updated;
  }

  async updateHeaders(tenantId: string, webhookId: string, headers: WebhookHeader[]): Promise<WebhookRecord> {
    const current = await this.get(tenantId, webhookId);
    const updated = { ...current, headers, updatedAt: this.clock.now() };
    await this.webhooks.update(updated);
    return updated;
  }

  async delete(tenantId: string, webhookId: string): Promise<void> {
    if (!(await this.webhooks.delete(tenantId, webhookId))) throw notFound(`No webhook ${webhookId}`);
  }

  async deleteForInbox(tenantId: string, inboxId: string, webhookId: string): Promise<void> {
    await this.inboxes.get(tenantId, inboxId);
    const webhook = await this.get(tenantId, webhookId);
    if (webhook.inboxId !== inboxId) throw notFound(`Inbox ${inboxId} has no webhook ${webhookId}`);
    await this.webhooks.delete(tenantId, webhookId);
  }

  async deleteAll(tenantId: string, before?: Date): Promise<void> {
    await this.webhooks.deleteAll(tenantId, before);
  }

  async page(
    tenantId: string,
    input: ListInput,
    scope: { inboxId?: string; phoneId?: string; accountOnly?: boolean },
    defaultSort: SortDirection = 'ASC',
  ): Promise<{ slice: Slice<WebhookRecord>; request: PageRequest }> {
    const request = pageRequest(input, { sort: defaultSort });
    const inboxId = scope.inboxId ?? input.inboxId;
    const phoneId = scope.phoneId ?? input.phoneId;
    if (scope.inboxId) await this.inboxes.get(tenantId, scope.inboxId);
    if (scope.phoneId) await this.phone(tenantId, scope.phoneId);
    if (input.aiTransformerId) return { slice: { items: [], total: 0 }, request };
    const filter: WebhookFilter = {
      inboxId, phoneId, accountOnly: scope.accountOnly, includeAccountWide: input.includeAccountWide, eventName: input.eventType,
      health: input.health, search: input.searchFilter, url: input.url, since: input.since, before: input.before,
    };
    return { slice: await this.webhooks.page(tenantId, filter, request), request };
  }


  async endpoints(tenantId: string, input: ListInput) {
    const request = pageRequest(input, { sort: 'DESC' });
    const filter: WebhookFilter = {
      inboxId: input.inboxId, phoneId: input.phoneId, eventName: input.eventType, health: input.health, search: input.searchFilter,
      since: input.since, before: input.before,
    };
    return { slice: await this.webhooks.endpoints(tenantId, filter, request), request };
  }

  private resultFilter(input: ResultListInput, webhookId?: string): WebhookResultFilter {
    return {
      webhookId, unseenOnly: input.unseenOnly, resultType: input.resultType, eventName: input.eventName,
      minStatusCode: input.minStatusCode, maxStatusCode: input.maxStatusCode, inboxId: input.inboxId, emailId: input.emailId,
      attachmentId: input.attachmentId, phoneId: input.phoneId, smsId: input.smsId, search: input.searchFilter, since: input.since, before: input.before,
      // No result here concerns an AI transformer.
      none: Boolean(input.aiTransformerId),
    };
  }

  async pageResults(tenantId: string, input: ResultListInput, webhookId?: string) {
    if (webhookId) await this.get(tenantId, webhookId);
    const request = pageRequest(input);
    return { slice: await this.webhooks.pageResults(tenantId, this.resultFilter(input, webhookId), request), request };
  }

  async countResults(tenantId: string, webhookId: string): Promise<number> {
    await this.get(tenantId, webhookId);
    return this.webhooks.countResults(tenantId, { webhookId });
  }

  /** Reading a result marks it seen: it no longer counts as an unseen error. */
  async getResult(tenantId: string, resultId: string): Promise<WebhookResultRecord> {
    const result = await this.webhooks.findResult(tenantId, resultId);
    if (!result) throw notFound(`No webhook result ${resultId}`);
    if (!result.seen) await this.webhooks.markResultSeen(tenantId, resultId);
    return { ...result, seen: true };
  }

  unseenErrorCount(tenantId: string): Promise<number> {
    return this.webhooks.countUnseenErrors(tenantId);
  }

  async redrive(tenantId: string, resultId: string): Promise<{ webhookResultId: string; success: boolean; message: string }> {
    if (!(await this.webhooks.redrive(tenantId, resultId, this.clock.now()))) throw notFound(`No webhook result ${resultId}`);
    this.queued.wake();
    return { webhookResultId: resultId, success: true, message: 'The stored payload is queued for delivery again, with the same messageId' };
  }

  async redriveAll(tenantId: string): Promise<{ success: boolean; message: string }> {
    const count = await this.webhooks.redriveAll(tenantId, this.clock.now());
    if (count > 0) this.queued.wake();
    return { success: true, message: `${count} dead-lettered deliveries queued again` };
  }

  /** Resolves with the webhook's results once there are at least `expectedCount`, or at the timeout (408). */
  async waitForResults(tenantId: string, webhookId: string, expectedCount: number, timeoutMs: number, signal?: AbortSignal) {
    await this.get(tenantId, webhookId);
    timeoutMs = effectiveTimeout(this.bus, timeoutMs);
    const request = pageRequest({ size: 100, sort: 'ASC' });
    // Woken by any result of the tenant (indexed by tenant); the check narrows to this webhook.
    const found = await waitForEvent(this.bus, 'webhook.result', { tenantId }, timeoutMs, async () => {
      const size = Math.min(Math.max(expectedCount, 1), 100);
      const slice = await this.webhooks.pageResults(tenantId, { webhookId }, { ...request, size });
      // The page and the count are separate reads: a result committed between them is in one only.
      return slice.total >= expectedCount && slice.items.length >= Math.min(expectedCount, size) ? slice.items : undefined;
    }, { signal });
    if (!found) throw timeoutError(`Webhook ${webhookId} has fewer than ${expectedCount} results`, timeoutMs);
    return found;
  }

  async verify(tenantId: string, messageId: string, signature: string): Promise<boolean> {
    const stored = await this.webhooks.payloadOf(tenantId, messageId);
    if (!stored) return false;
    const secret = await this.webhooks.signingSecret(tenantId);
    return signatureMatches(secret, renderBody(stored.payload, stored.template), signature);
  }

  async example(tenantId: string, webhookId: string): Promise<Record<string, unknown>> {
    const webhook = await this.get(tenantId, webhookId);
    return examplePayload(webhook.eventName, tenantId, webhook);
  }

  /** POSTs an example payload to the webhook now (signed, with its auth and headers); not recorded as a result. */
  async sendTest(tenantId: string, webhookId: string) {
    const webhook = await this.get(tenantId, webhookId);
    const payload = JSON.stringify(examplePayload(webhook.eventName, tenantId, webhook));
    const body = renderBody(payload, webhook.requestBodyTemplate);
    const headers: Record<string, string> = {};
    for (const { name, value } of webhook.headers) headers[name.toLowerCase()] = value;
    if (webhook.basicAuth) {
      headers.authorization = `Basic ${Buffer.from(`${webhook.basicAuth.username}:${webhook.basicAuth.password}`).toString('base64')}`;
    }
    headers['content-type'] = 'application/json';
    headers['x-event'] = webhook.eventName;
    headers[SIGNATURE_HEADER] = signBody(await this.webhooks.signingSecret(tenantId), body);
    const attempt = await postWebhook({ url: webhook.url, headers, body }, {
      timeoutMs: this.settings.timeoutMs, blockPrivate: await this.blocksPrivate(), insecure: webhook.ignoreInsecureSsl,
      allow: this.settings.allow, lookup: this.settings.lookup,
    });
    return {
      message: attempt.error ?? `Answered ${attempt.status}`,
      response: { statusCode: attempt.status, message: attempt.bodyExcerpt ?? attempt.error },
      request: { url: webhook.url, method: 'POST' as const, headers, payload: body },
    };
  }
}
