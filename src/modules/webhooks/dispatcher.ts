import { randomUUID } from 'node:crypto';
import type { WebhookEventName } from '../../core/webhook-events.js';
import type {
  AttachmentRecord, BounceRepository, ContactRepository, DomainEventName, DomainEventRecord, DomainEventRepository, EmailRepository, EmailSummary,
  NewWebhookDelivery, SentEmailRepository, SmsRepository, TrackingPixelRepository, WebhookListener, WebhookRepository,
} from '../../storage/ports.js';
import {
  bounceEvents, deliveryStatusEvent, emailOpenedEvent, emailReadEvent, newContactEvent, newSmsEvent, receivedEmailEvents, type WebhookEvent,
} from './payloads.js';

/** The webhook events each domain event may fire (which of them it does depends on the record). */
export const WEBHOOK_EVENTS_OF: Record<DomainEventName, readonly WebhookEventName[]> = {
  'email.received': ['EMAIL_RECEIVED', 'NEW_EMAIL', 'NEW_ATTACHMENT'],
  'email.read': ['EMAIL_READ'],
  'delivery-status.created': ['DELIVERY_STATUS'],
  'email.opened': ['EMAIL_OPENED'],
  'bounce.recorded': ['BOUNCE', 'BOUNCE_RECIPIENT'],
  'contact.created': ['NEW_CONTACT'],
  'sms.received': ['NEW_SMS'],
};

/** What the dispatcher reads and writes: the few repository methods it uses. */
export interface WebhookDispatcherPorts {
  events: Pick<DomainEventRepository, 'pending' | 'claim' | 'discard' | 'releaseClaims'>;
  webhooks: Pick<WebhookRepository, 'listeners' | 'enqueueDeliveries'>;
  emails: Pick<EmailRepository, 'list' | 'attachments'>;
  sent: Pick<SentEmailRepository, 'status' | 'findById'>;
  trackingPixels: Pick<TrackingPixelRepository, 'findById'>;
  bounces: Pick<BounceRepository, 'findEmail' | 'recipientsOf'>;
  contacts: Pick<ContactRepository, 'findContact'>;
  sms: Pick<SmsRepository, 'findById'>;
}

export interface DispatchReport {
  /** domain events looked at (those no webhook listens to included) */
  events: number;
  /** delivery jobs queued */
  deliveries: number;
  /** events whose record was gone by the time of dispatch: removed without deliveries */
  dropped: DomainEventRecord[];
  /** events whose record could not be read: left pending for a later pass (once the lease ends, where there is one) */
  failed: Array<{ event: DomainEventRecord; err: unknown }>;
}

/**
 * The webhook's own rule: a webhook hears its inbox's events, a phone number's webhook its
 * number's events (NEW_SMS), and one attached to neither an inbox nor a phone (account-wide)
 * every event of its tenant. An event of no inbox and no phone reaches account-wide webhooks only.
 */
export function reaches(hook: WebhookListener, event: { tenantId: string; inboxId: string | null; phoneId?: string | null }): boolean {
  if (hook.tenantId !== event.tenantId) return false;
  const accountWide = hook.inboxId === null && hook.phoneId === null;
  return accountWide
    || (event.inboxId !== null && hook.inboxId === event.inboxId)
    || (event.phoneId != null && hook.phoneId === event.phoneId);
}

/**
 * Whether any of `hooks` may hear the domain event: if none does, nothing needs reading. The
 * domain event of an SMS names no phone (the SMS record does): any phone webhook of the
 * tenant may hear it, and deliveriesFor decides from the record.
 */
export function anyListens(hooks: WebhookListener[], event: DomainEventRecord): boolean {
  const names = WEBHOOK_EVENTS_OF[event.name];
  const ofPhone = event.name === 'sms.received';
  return hooks.some((hook) => names.includes(hook.eventName)
    && (reaches(hook, event) || (ofPhone && hook.tenantId === event.tenantId && hook.phoneId !== null)));
}

/**
 * One delivery per (webhook event, webhook that hears it): the payload is the envelope
 * (a fresh messageId, the webhook's id and name, its event name) and then the event's fields.
 */
export function deliveriesFor(eventId: string, events: WebhookEvent[], hooks: WebhookListener[]): NewWebhookDelivery[] {
  const out: NewWebhookDelivery[] = [];
  for (const event of events) {
    for (const hook of hooks) {
      if (!event.eventNames.includes(hook.eventName) || !reaches(hook, event)) continue;
      const messageId = randomUUID();
      const payload = JSON.stringify({
        messageId, webhookId: hook.id, webhookName: hook.name, eventName: hook.eventName, ...event.fields,
      });
      out.push({
        eventId,
        tenantId: event.tenantId,
        webhookId: hook.id,
        messageId,
        eventName: hook.eventName,
        payload,
        inboxId: event.inboxId,
        emailId: event.refs.emailId ?? null,
        attachmentId: event.refs.attachmentId ?? null,
        phoneId: event.refs.phoneId ?? null,
        smsId: event.refs.smsId ?? null,
      });
    }
  }
  return out;
}

const DEFAULT_BATCH_SIZE = 500;
/** Long past any dispatch of one batch; a dispatcher that died is taken over after it. */
const DEFAULT_LEASE_MS = 30_000;

/**
 * Turns the domain events the repositories record with each change into webhook delivery
 * jobs. A pass reads the pending events a batch at a time and the enabled webhooks of their
 * tenants for the event names they may fire, then:
 *  - events no webhook hears are removed at once (one statement per batch: the common case,
 *    as every stored email records an event);
 *  - the others are claimed (PostgreSQL: a lease, so two nodes never dispatch one event), their records are
 *    read by id (the email and its attachments, the delivery status and the sent email's
 *    subject, the tracking pixel, the bounce and its recipients, the SMS; a read mark needs none),
 *    their payloads built, and in ONE transaction the deliveries are queued and the events
 *    removed. An event whose record is gone by then is removed without deliveries.
 * The delivery worker (jobs/webhook-delivery.ts) runs a pass before each look for due jobs.
 */
export class WebhookDispatcher {
  private readonly batchSize: number;
  private readonly leaseMs: number;

  constructor(
    private readonly ports: WebhookDispatcherPorts,
    options: { batchSize?: number; leaseMs?: number } = {},
  ) {
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  /** Single-process stores: claims a killed process left are void; call before the first pass. */
  releaseClaims(): Promise<void> {
    return this.ports.events.releaseClaims();
  }

  /** Dispatches every event pending now, a batch at a time. */
  async dispatchPending(): Promise<DispatchReport> {
    const report: DispatchReport = { events: 0, deliveries: 0, dropped: [], failed: [] };
    for (;;) {
      const now = Date.now();
      const events = await this.ports.events.pending(now, this.batchSize);
      if (events.length === 0) break;
      report.events += events.length;
      const tenants = [...new Set(events.map((e) => e.tenantId))];
      const names = [...new Set(events.flatMap((e) => WEBHOOK_EVENTS_OF[e.name]))];
      const hooks = await this.ports.webhooks.listeners(tenants, names);
      const heard = events.filter((e) => anyListens(hooks, e));
      let done = 0;
      if (heard.length < events.length) {
        const ids = new Set(heard.map((e) => e.id));
        done += await this.ports.events.discard(events.filter((e) => !ids.has(e.id)).map((e) => e.id), now);
      }
      if (heard.length > 0) done += await this.dispatchHeard(heard, hooks, now, report);
      // A short batch was the last; a batch of events other dispatchers hold or that could not
      // be read ends the pass too (the next one comes with the next commit or poll).
      if (events.length < this.batchSize || done < events.length) break;
    }
    return report;
  }

  /** Claims, reads and queues; returns how many events were removed. */
  private async dispatchHeard(heard: DomainEventRecord[], hooks: WebhookListener[], now: number, report: DispatchReport): Promise<number> {
    const claim = await this.ports.events.claim(heard.map((e) => e.id), now, this.leaseMs);
    if (claim.events.length === 0) return 0;
    const announced = await this.announcements(claim.events);
    const deliveries: NewWebhookDelivery[] = [];
    const handled: string[] = [];
    for (const event of claim.events) {
      const outcome = announced.get(event.id);
      if (outcome && 'err' in outcome) {
        report.failed.push({ event, err: outcome.err });
        continue;
      }
      handled.push(event.id);
      if (!outcome) report.dropped.push(event);
      else deliveries.push(...deliveriesFor(event.id, outcome.events, hooks));
    }
    if (handled.length === 0) return 0;
    const queued = await this.ports.webhooks.enqueueDeliveries({ token: claim.token, eventIds: handled }, deliveries, Date.now());
    report.deliveries += queued.deliveries;
    return queued.events;
  }

  /**
   * The webhook events each domain event announces, read from the records it names: absent
   * for an event whose record is gone, `err` for one that could not be read.
   */
  private async announcements(events: DomainEventRecord[]): Promise<Map<string, { events: WebhookEvent[] } | { err: unknown }>> {
    const out = new Map<string, { events: WebhookEvent[] } | { err: unknown }>();
    const received = events.filter((e) => e.name === 'email.received');
    const others = events.filter((e) => e.name !== 'email.received');
    // Stored emails by tenant, many per read; one attachment read per email that has any.
    const byTenant = new Map<string, DomainEventRecord[]>();
    for (const e of received) byTenant.set(e.tenantId, [...(byTenant.get(e.tenantId) ?? []), e]);
    const subjects = new Map<string, Promise<string | null>>();
    await Promise.all([
      ...[...byTenant].map(async ([tenantId, list]) => {
        try {
          const emails = await this.receivedEmails(tenantId, list.map((e) => e.entityId));
          for (const e of list) {
            const found = emails.get(e.entityId);
            if (found) out.set(e.id, { events: receivedEmailEvents(found.email, found.attachments) });
          }
        } catch (err) {
          for (const e of list) out.set(e.id, { err });
        }
      }),
      ...others.map(async (e) => {
        try {
          const announced = await this.announcementOf(e, subjects);
          if (announced) out.set(e.id, { events: announced });
        } catch (err) {
          out.set(e.id, { err });
        }
      }),
    ]);
    return out;
  }

  private async receivedEmails(tenantId: string, ids: string[]) {
    const found = new Map<string, { email: EmailSummary; attachments: AttachmentRecord[] }>();
    for (let i = 0; i < ids.length; i += DEFAULT_BATCH_SIZE) {
      const chunk = ids.slice(i, i + DEFAULT_BATCH_SIZE);
      const emails = await this.ports.emails.list(tenantId, { ids: chunk }, 'ASC', chunk.length);
      await Promise.all(emails.map(async (email) => {
        const attachments = email.attachmentIds.length > 0 ? await this.ports.emails.attachments(tenantId, email.id) : [];
        found.set(email.id, { email, attachments });
      }));
    }
    return found;
  }

  private async announcementOf(event: DomainEventRecord, subjects: Map<string, Promise<string | null>>): Promise<WebhookEvent[] | undefined> {
    const { tenantId, entityId } = event;
    switch (event.name) {
      case 'email.received':
        return undefined; // read in bulk (receivedEmails)
      case 'email.read':
        return [emailReadEvent({ tenantId, inboxId: event.inboxId ?? '', id: entityId }, event.occurredAt)];
      case 'delivery-status.created': {
        const status = await this.ports.sent.status(tenantId, entityId);
        if (!status) return undefined;
        // the statuses of one send share one read of its subject
        let subject = subjects.get(status.sentId);
        if (!subject) {
          subject = this.ports.sent.findById(tenantId, status.sentId).then((sent) => sent?.subject ?? null);
          subjects.set(status.sentId, subject);
        }
        return [deliveryStatusEvent(status, await subject)];
      }
      case 'email.opened': {
        const pixel = await this.ports.trackingPixels.findById(tenantId, entityId);
        return pixel && [emailOpenedEvent(pixel, event.occurredAt)];
      }
      case 'bounce.recorded': {
        const [bounce, recipients] = await Promise.all([
          this.ports.bounces.findEmail(tenantId, entityId),
          this.ports.bounces.recipientsOf(tenantId, entityId),
        ]);
        return bounce && bounceEvents(bounce, recipients);
      }
      case 'contact.created': {
        const contact = await this.ports.contacts.findContact(tenantId, entityId);
        return contact && [newContactEvent(contact)];
      }
      case 'sms.received': {
        const sms = await this.ports.sms.findById(tenantId, entityId);
        return sms && [newSmsEvent(sms)];
      }
    }
  }
}
