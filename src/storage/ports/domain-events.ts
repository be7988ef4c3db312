/**
 * Domain events: what a repository records, in the transaction that makes a change, about
 * that change (what happened, to which entity, when). Storage knows nothing of who listens:
 * a dispatcher outside storage claims them, reads what they name through the repositories,
 * acts on them and removes them. ports.ts re-exports this file and lists it in Repositories.
 */

/** What happened; `entityId` names the record it happened to. */
export type DomainEventName =
  /** an email was stored for an inbox: entityId is the email */
  | 'email.received'
  /** an email turned read (API or IMAP): entityId is the email, occurredAt the read time */
  | 'email.read'
  /** a recipient outcome of a sent email: entityId is the delivery status */
  | 'delivery-status.created'
  /** a tracking pixel loaded for the first time: entityId is the pixel, occurredAt the load */
  | 'email.opened'
  /** a send bounced: entityId is the bounced email (its recipients are recorded with it) */
  | 'bounce.recorded'
  /** a contact was created: entityId is the contact */
  | 'contact.created'
  /** an SMS was stored for a phone number: entityId is the SMS (inboxId null: SMS belong to no inbox) */
  | 'sms.received';

export interface DomainEventRecord {
  id: string;
  tenantId: string;
  name: DomainEventName;
  /** the inbox of the entity; null when it belongs to no inbox (bounces, pixels made without one) */
  inboxId: string | null;
  entityId: string;
  occurredAt: Date;
}

/** What a repository writes: the row's id and its bookkeeping are storage's. */
export type NewDomainEvent = Omit<DomainEventRecord, 'id'>;

/** Events leased to one dispatcher: another one neither takes nor removes them while the lease holds. */
export interface DomainEventClaim {
  token: string;
  events: DomainEventRecord[];
}

export interface DomainEventRepository {
  /** Up to `limit` events no dispatcher holds at `now`, oldest first. A plain read: nothing is taken. */
  pending(now: number, limit: number): Promise<DomainEventRecord[]>;
  /**
   * Claims those of `ids` that no dispatcher holds; the others are left out. PostgreSQL: they
   * are leased to the caller until now + leaseMs, and rows another node is claiming are
   * skipped, so two nodes never hold one event. SQLite (one process, one dispatcher) leases
   * nothing. Either way, the removal that settles a claim, in the transaction that writes what
   * was made of its events, takes only events still there and still held under its token
   * (PostgreSQL), so no event is acted on twice.
   */
  claim(ids: string[], now: number, leaseMs: number): Promise<DomainEventClaim>;
  /** Removes those of `ids` no dispatcher holds (events nothing listens to); returns how many. */
  discard(ids: string[], now: number): Promise<number>;
  /** Single-process stores: claims a killed process left are void at start. */
  releaseClaims(): Promise<void>;
}
