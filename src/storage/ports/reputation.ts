/** Storage port of sending reputation: complaints, list-unsubscribes and the figures over both and bounces. */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

/** An ARF feedback report (RFC 5965) about one sent email. */
export interface ComplaintRecord {
  id: string;
  tenantId: string;
  sentId: string | null;
  inboxId: string | null;
  /** Feedback-Type of the report: abuse, fraud, virus, other, not-spam */
  feedbackType: string;
  /** the sending address of the original */
  mailSource: string | null;
  mailMessageId: string | null;
  /** lower-case address that complained (Original-Rcpt-To) */
  complaintRecipient: string;
  userAgent: string | null;
  reporter: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** An address that unsubscribed from a tenant's mail (RFC 8058 one-click). */
export interface ListUnsubscribeRecord {
  id: string;
  tenantId: string;
  /** lower-case */
  emailAddress: string;
  inboxId: string | null;
  domainId: string | null;
  createdAt: Date;
}

/** A sent email as complaints find it by the Message-ID of the original. */
export interface SentByMessageId {
  sentId: string;
  tenantId: string;
  inboxId: string;
  from: string;
}

/** A bounced recipient or a complaint, as one list. */
export interface ReputationItemRecord {
  id: string;
  kind: 'BOUNCE' | 'COMPLAINT';
  /** bounce type (Permanent, Transient) or feedback type (abuse...) */
  detail: string | null;
  /** the sending address (complaints) or the refusing server's diagnostic (bounces) */
  source: string | null;
  recipient: string;
  createdAt: Date;
}

/** Sends of one inbox among the tenant's last N, with their permanent bounces and complaints. */
export interface SenderFigures {
  inboxId: string;
  fromAddress: string;
  sends: number;
  /** sends with at least one permanently bounced recipient */
  hardBounces: number;
  /** sends with at least one complaint */
  complaints: number;
  /** newest send counted */
  lastSentAt: Date;
}

export interface ReputationFilter {
  since?: Date;
  before?: Date;
}

export interface ReputationRepository {
  recordComplaint(complaint: ComplaintRecord): Promise<void>;
  findComplaint(tenantId: string, id: string): Promise<ComplaintRecord | undefined>;
  pageComplaints(tenantId: string, filter: ReputationFilter, page: PageRequest): Promise<Slice<ComplaintRecord>>;
  /** The sent email whose Message-ID is `messageId` (with its angle brackets), any tenant. */
  findSentByMessageId(messageId: string): Promise<SentByMessageId | undefined>;
  /** Records the address as unsubscribed; the record already held when it was before. */
  recordUnsubscribe(record: ListUnsubscribeRecord): Promise<ListUnsubscribeRecord>;
  pageUnsubscribes(tenantId: string, filter: { domainId?: string }, page: PageRequest): Promise<Slice<ListUnsubscribeRecord>>;
  pageItems(tenantId: string, filter: ReputationFilter, page: PageRequest): Promise<Slice<ReputationItemRecord>>;
  /** Per sending inbox, over the tenant's last `lastSends` sent emails. */
  senderFigures(tenantId: string, lastSends: number): Promise<SenderFigures[]>;
  /** Sent emails of the tenant since `since`, by inbox id. */
  sendsSince(tenantId: string, since: Date): Promise<Map<string, number>>;
  /** Bounced emails of the tenant in all, and since `since`. */
  bounceCounts(tenantId: string, since: Date): Promise<{ total: number; since: number }>;
}
