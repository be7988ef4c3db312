import { EventEmitter } from 'node:events';
import type { EmailRecord } from '../storage/ports.js';
import { MAX_WAIT_MS } from './wait.js';

/** Events and their payloads. Published only after the change they describe is committed. */
export interface EventMap {
  'email.received': { tenantId: string; inboxId: string; emailId: string; createdAt: Date };
  /** mail for an inbox whose tenant was at its email cap, kept as a missed-email record */
  'missed-email.recorded': { tenantId: string; inboxId: string; missedEmailId: string; createdAt: Date };
  /** one per recipient outcome of a sent email (delivered, relayed, captured, virtual, failed) */
  'delivery-status.created': { tenantId: string; inboxId: string; sentId: string; deliveryStatusId: string; createdAt: Date };
  /** a sent email's receipt, once every recipient has an outcome */
  'email.sent': { tenantId: string; inboxId: string; sentId: string; createdAt: Date };
  /** an email turned read through the API or IMAP (not when it was read already) */
  'email.read': { tenantId: string; inboxId: string; emailId: string; createdAt: Date };
  /**
   * an inbox was created or updated, or inboxes were deleted (inboxId '' when one call deleted
   * several); expiresAt is the inbox's (null when none, or deleted). The expiry job's timer
   * re-arms on it, on every node. Not streamed to users.
   */
  'inbox.changed': { tenantId: string; inboxId: string; change: 'created' | 'updated' | 'deleted'; expiresAt: Date | null; createdAt: Date };
  /** an inbox whose expiry passed, once its expired-inbox record exists */
  'inbox.expired': { tenantId: string; inboxId: string; expiredInboxId: string; createdAt: Date };
  /** a tracking pixel's image loaded for the first time; inboxId '' and sentId null for a pixel made with createTrackingPixel */
  'email.opened': { tenantId: string; inboxId: string; sentId: string | null; pixelId: string; createdAt: Date };
  /** a webhook delivery attempt was recorded (wakes waitForWebhookResults); inboxId is the event's inbox, '' for account events */
  'webhook.result': { tenantId: string; inboxId: string; webhookId: string; resultId: string; createdAt: Date };
  /** an alias's verification link was followed: it proxies from now on (inboxId is the alias's inbox) */
  'alias.verified': { tenantId: string; inboxId: string; aliasId: string; createdAt: Date };
  /**
   * an alias passed on an email: `to-hidden` a received email to the hidden address, `reply`
   * the hidden user's reply through a thread to the other side; sentId is the copy sent
   */
  'alias.proxied': {
    tenantId: string; inboxId: string; aliasId: string; emailId: string; sentId: string; threadId: string | null;
    direction: 'to-hidden' | 'reply'; createdAt: Date;
  };
  /** a ruleset kept received mail out of an inbox: refused (BLOCK) or dropped (FILTER_REMOVE); sender null for the null reverse path */
  'ruleset.blocked': { tenantId: string; inboxId: string; rulesetId: string; action: 'BLOCK' | 'FILTER_REMOVE'; sender: string | null; createdAt: Date };
  /** a ruleset bounced received mail: not stored, and a DSN queued to the sender (a rule-bounce job) */
  'ruleset.bounced': { tenantId: string; inboxId: string; rulesetId: string; action: 'BOUNCE_SOFT' | 'BOUNCE_HARD'; sender: string; jobId: string; createdAt: Date };
  /** a forwarder forwarded a received email (SUCCESS, with the sent email) or could not (FAILURE, a loop among them) */
  'forwarder.event': { tenantId: string; inboxId: string; forwarderId: string; eventId: string; emailId: string | null; sentId: string | null; status: 'SUCCESS' | 'FAILURE'; createdAt: Date };
  /** a replier answered a received email (SUCCESS, with the sent reply) or did not (FAILURE: skipped by RFC 3834 or the window, or failed) */
  'replier.event': { tenantId: string; inboxId: string; replierId: string; eventId: string; emailId: string | null; sentId: string | null; status: 'SUCCESS' | 'FAILURE'; createdAt: Date };
  /** a scheduled send (sendWithSchedule) ran: COMPLETED with the sent email, or FAILED for good with why */
  'scheduled-send.done': {
    tenantId: string; inboxId: string; jobId: string; sentId: string | null; status: 'COMPLETED' | 'FAILED'; errorMessage?: string; createdAt: Date;
  };
  /** an address followed its consent link (double opt-in); inboxId '' (consent is the account's) */
  'consent.confirmed': { tenantId: string; inboxId: string; optInId: string; emailAddress: string; createdAt: Date };
  /** an SMS arrived at a phone number of the simulated carrier; inboxId '' (numbers are no inbox) */
  'sms.received': { tenantId: string; inboxId: string; phoneId: string; smsId: string; fromNumber: string; createdAt: Date };
  /** a sent SMS was recorded (phoneId null: the SMS sink's message from an app's own sender id) */
  'sms.sent': { tenantId: string; inboxId: string; phoneId: string | null; sentSmsId: string; toNumber: string; createdAt: Date };
  /** numbers of a phone pool may have become free (a lease released, numbers added): held acquires look again; inboxId '' */
  'phone-pool.freed': { tenantId: string; inboxId: string; poolId: string; createdAt: Date };
  /** a device preview run changed (a target finished, the run was cancelled or rerun); inboxId is empty: runs belong to no inbox */
  'device-preview.run-updated': { tenantId: string; inboxId: string; runId: string; status: string; createdAt: Date };
}
export type EventName = keyof EventMap;

/**
 * What the publisher of an event already holds in memory, handed to this node's subscribers
 * beside the payload so that they need not read it back from the store (a waiter answers a
 * waitForLatestEmail with the email just committed). Read-only; never forwarded to other
 * nodes nor written to event streams: events from peers come without it.
 */
export interface LocalExtras {
  'email.received': { email: EmailRecord };
}
export type LocalOf<N extends EventName> = N extends keyof LocalExtras ? LocalExtras[N] : never;
export type EventHandler<N extends EventName> = (payload: EventMap[N], local?: LocalOf<N>) => void;

/**
 * In-process typed bus. Subscribers are side effects (waiters, later webhooks and the
 * dashboard); they must not throw into the publisher, so their errors are contained.
 */
export class EventBus {
  private readonly emitter = new EventEmitter({ captureRejections: false });
  private readonly shutdown = new AbortController();
  /** where this node's events go to reach other nodes (see events/cluster.ts) */
  private readonly forwarders = new Set<<N extends EventName>(name: N, payload: EventMap[N]) => void>();
  /** The longest anything waiting on this bus may hold a request open (PIGEONHOLE_MAX_WAIT). */
  readonly maxWaitMs: number;

  constructor(options: { maxWaitMs?: number } = {}) {
    // Thousands of concurrent waiters are normal for a test server.
    this.emitter.setMaxListeners(0);
    this.maxWaitMs = options.maxWaitMs ?? MAX_WAIT_MS;
  }

  /** Aborted when the node shuts down, so requests held open by waits end at once. */
  get closing(): AbortSignal {
    return this.shutdown.signal;
  }

  /** Ends every wait on this bus (they answer 503); called first when the node stops. */
  close(): void {
    this.shutdown.abort();
  }

  /** How many handlers are subscribed to `name` (waiters share one; see events/waiters.ts). */
  listenerCount(name: EventName): number {
    return this.emitter.listenerCount(name);
  }

  publish<N extends EventName>(name: N, payload: EventMap[N], local?: LocalOf<N>): void {
    this.emitter.emit(name, payload, local);
    for (const forward of this.forwarders) forward(name, payload);
  }

  /** An event another node published: delivered to this node's subscribers, not sent on again. */
  publishFromPeer<N extends EventName>(name: N, payload: EventMap[N]): void {
    this.emitter.emit(name, payload);
  }

  /** Sees every event published on this node (not those from peers); returns the stop function. */
  onLocalPublish(forward: <N extends EventName>(name: N, payload: EventMap[N]) => void): () => void {
    this.forwarders.add(forward);
    return () => this.forwarders.delete(forward);
  }

  /** Returns the unsubscribe function. */
  subscribe<N extends EventName>(name: N, handler: EventHandler<N>): () => void {
    const safe = (payload: EventMap[N], local?: LocalOf<N>) => {
      try {
        handler(payload, local);
      } catch {
        // a broken subscriber must not break delivery or other subscribers
      }
    };
    this.emitter.on(name, safe);
    return () => this.emitter.off(name, safe);
  }
}
