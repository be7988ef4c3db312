/** Storage port of webhooks, their delivery jobs (the outbox) and their results. */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';
import type { WebhookEventName } from '../../core/webhook-events.js';

export type WebhookHealth = 'HEALTHY' | 'UNHEALTHY';
export type WebhookResultType = 'BAD_RESPONSE' | 'EXCEPTION' | 'EXHAUSTED' | 'SUCCESS' | 'REDRIVEN';

export interface WebhookHeader {
  name: string;
  value: string;
}

export interface WebhookRecord {
  id: string;
  tenantId: string;
  /** set for an inbox webhook */
  inboxId: string | null;
  /** set for a phone-number webhook */
  phoneId: string | null;
  name: string | null;
  url: string;
  eventName: WebhookEventName;
  basicAuth: { username: string; password: string } | null;
  headers: WebhookHeader[];
  requestBodyTemplate: string | null;
  useStaticIpRange: boolean;
  ignoreInsecureSsl: boolean;
  tags: string[];
  enabled: boolean;
  healthStatus: WebhookHealth;
  createdAt: Date;
  updatedAt: Date;
}

export interface WebhookFilter {
  inboxId?: string;
  phoneId?: string;
  /** only webhooks attached to neither an inbox nor a phone */
  accountOnly?: boolean;
  /** with inboxId/phoneId: account-wide webhooks too */
  includeAccountWide?: boolean;
  eventName?: WebhookEventName;
  health?: WebhookHealth;
  /** case-insensitive partial match on name, url and id */
  search?: string;
  url?: string;
  since?: Date;
  before?: Date;
}

export interface WebhookResultRecord {
  id: string;
  tenantId: string;
  webhookId: string;
  deliveryId: string;
  messageId: string;
  redriveId: string | null;
  webhookUrl: string;
  httpMethod: string;
  eventName: WebhookEventName;
  responseStatus: number | null;
  responseTimeMillis: number;
  responseBodyExtract: string | null;
  error: string | null;
  resultType: WebhookResultType;
  seen: boolean;
  inboxId: string | null;
  emailId: string | null;
  attachmentId: string | null;
  /** NEW_SMS: the receiving phone number and the SMS */
  phoneId: string | null;
  smsId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface WebhookResultFilter {
  webhookId?: string;
  unseenOnly?: boolean;
  resultType?: WebhookResultType;
  eventName?: WebhookEventName;
  minStatusCode?: number;
  maxStatusCode?: number;
  inboxId?: string;
  emailId?: string;
  attachmentId?: string;
  phoneId?: string;
  smsId?: string;
  /** a filter on an id kind that never occurs here (AI transformer): nothing matches */
  none?: boolean;
  search?: string;
  since?: Date;
  before?: Date;
}

/** A delivery job leased to one worker. */
export interface ClaimedDelivery {
  id: string;
  tenantId: string;
  webhookId: string;
  messageId: string;
  eventName: WebhookEventName;
  payload: string;
  /** attempts made before this one */
  attempts: number;
  windowStart: number;
  leaseToken: string;
  redriveOf: string | null;
  inboxId: string | null;
  emailId: string | null;
  attachmentId: string | null;
  phoneId: string | null;
  smsId: string | null;
  webhook: WebhookRecord;
}

/** Which due deliveries a claim may take: the delivery worker's limits per target. */
export interface DeliveryClaimFilter {
  /** webhooks whose deliveries are not to be claimed now */
  skipWebhookIds: readonly string[];
  /** of the due deliveries looked at, soonest first, the ids to lease (at most `limit`) */
  choose(due: ReadonlyArray<{ id: string; webhookId: string; url: string }>, limit: number): string[];
}

/** An enabled webhook as the dispatcher matches it against events. */
export interface WebhookListener {
  id: string;
  tenantId: string;
  inboxId: string | null;
  phoneId: string | null;
  name: string | null;
  eventName: WebhookEventName;
}

/** A delivery job to queue: one payload for one webhook, made from one domain event. */
export interface NewWebhookDelivery {
  /** the domain event it announces */
  eventId: string;
  tenantId: string;
  webhookId: string;
  messageId: string;
  eventName: WebhookEventName;
  /** the exact JSON body of every attempt */
  payload: string;
  /** ids a result can be filtered by */
  inboxId: string | null;
  emailId: string | null;
  attachmentId: string | null;
  phoneId: string | null;
  smsId: string | null;
}

/** What one attempt came to; the repository records it and moves the job on. */
export interface WebhookAttemptOutcome {
  result: Omit<WebhookResultRecord, 'seen' | 'updatedAt'>;
  /** delivered | retry at nextAttemptAt | dead (window passed or 410) */
  next: { state: 'delivered' } | { state: 'pending'; nextAttemptAt: number } | { state: 'dead' };
  /** 410 Gone: the receiver asked for no more */
  disableWebhook: boolean;
}

export interface WebhookRepository {
  create(webhook: WebhookRecord): Promise<void>;
  find(tenantId: string, id: string): Promise<WebhookRecord | undefined>;
  update(webhook: WebhookRecord): Promise<void>;
  delete(tenantId: string, id: string): Promise<boolean>;
  deleteAll(tenantId: string, before?: Date): Promise<number>;
  page(tenantId: string, filter: WebhookFilter, page: PageRequest): Promise<Slice<WebhookRecord>>;
  /** distinct URLs with the worst health among the webhooks that use them */
  endpoints(tenantId: string, filter: WebhookFilter, page: PageRequest): Promise<Slice<{ url: string; health: WebhookHealth }>>;

  pageResults(tenantId: string, filter: WebhookResultFilter, page: PageRequest): Promise<Slice<WebhookResultRecord>>;
  countResults(tenantId: string, filter: WebhookResultFilter): Promise<number>;
  findResult(tenantId: string, id: string): Promise<WebhookResultRecord | undefined>;
  markResultSeen(tenantId: string, id: string): Promise<void>;
  countUnseenErrors(tenantId: string): Promise<number>;

  /** the tenant's HMAC key, created on first use */
  signingSecret(tenantId: string): Promise<string>;
  /** the stored payload sent under this messageId, with its webhook's body template */
  payloadOf(tenantId: string, messageId: string): Promise<{ payload: string; template: string | null } | undefined>;
  /** queues the result's delivery again (same payload and messageId), now; false when unknown */
  redrive(tenantId: string, resultId: string, at: Date): Promise<boolean>;
  /** queues every dead-lettered delivery of the tenant again; returns how many */
  redriveAll(tenantId: string, at: Date): Promise<number>;

  /** the enabled webhooks of these tenants for any of these event names */
  listeners(tenantIds: string[], eventNames: WebhookEventName[]): Promise<WebhookListener[]>;
  /**
   * In ONE transaction: removes the claimed domain events the claim still holds and queues the
   * deliveries made from them, due at `at`. Deliveries of events the claim no longer holds
   * (its lease ran out and another dispatcher took them) are not queued: that one queues them.
   * Returns how many events were removed and deliveries queued.
   */
  enqueueDeliveries(
    claim: { token: string; eventIds: string[] }, deliveries: NewWebhookDelivery[], at: number,
  ): Promise<{ events: number; deliveries: number }>;

  /**
   * Leases up to `limit` due jobs, soonest due first (PostgreSQL: FOR UPDATE SKIP LOCKED).
   * With a filter, the jobs of its skipped webhooks are left, and of the due jobs looked at
   * (a few times `limit`, with their webhook's URL) only those it chooses are leased.
   */
  claimDue(now: number, limit: number, leaseMs: number, filter?: DeliveryClaimFilter): Promise<ClaimedDelivery[]>;
  /** records the attempt and moves the job on, if this worker still holds the lease */
  complete(claim: ClaimedDelivery, outcome: WebhookAttemptOutcome, at: number): Promise<void>;
  /**
   * `complete` for many attempts in ONE transaction, committed without waiting for the disk
   * flush: a crash of the machine may undo it, and the jobs are then sent again (deliveries are
   * at least once; the receiver tells a repeat by its x-message-id).
   */
  completeAll(entries: ReadonlyArray<{ claim: ClaimedDelivery; outcome: WebhookAttemptOutcome }>, at: number): Promise<void>;
  /** earliest time a pending job (or an expired lease) becomes due, the skipped webhooks' aside; undefined when none */
  nextDueAt(skipWebhookIds?: readonly string[]): Promise<number | undefined>;
  /** single-process databases: leases left by a killed process are void at start */
  releaseLeases(): Promise<void>;
}
