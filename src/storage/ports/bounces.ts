/** Storage port of bounces: bounced emails and bounced recipients. */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

/** A send that some recipients refused (the bounce of one sent email). */
export interface BouncedEmailRecord {
  id: string;
  tenantId: string;
  sentId: string | null;
  notificationType: string;
  sender: string;
  subject: string | null;
  /** every recipient of the send */
  sentTo: string[];
  /** the recipients that bounced */
  bounceRecipients: string[];
  bounceMta: string | null;
  bounceType: string | null;
  bounceSubType: string | null;
  createdAt: Date;
}

/** One address that bounced. */
export interface BouncedRecipientRecord {
  id: string;
  tenantId: string;
  bouncedEmailId: string;
  sentId: string | null;
  /** lower-case address */
  recipient: string;
  /** RFC 3464 action, e.g. failed */
  action: string;
  /** RFC 3463 enhanced status, e.g. 5.1.1 */
  status: string | null;
  diagnosticCode: string | null;
  bounceType: string | null;
  createdAt: Date;
}

export interface BounceFilter {
  /** createdAt strictly after */
  since?: Date;
  /** createdAt strictly before */
  before?: Date;
}

export interface BounceRepository {
  /** The bounced email and its recipients, in ONE transaction. */
  record(email: BouncedEmailRecord, recipients: BouncedRecipientRecord[]): Promise<void>;
  findEmail(tenantId: string, id: string): Promise<BouncedEmailRecord | undefined>;
  pageEmails(tenantId: string, filter: BounceFilter, page: PageRequest): Promise<Slice<BouncedEmailRecord>>;
  findRecipient(tenantId: string, id: string): Promise<BouncedRecipientRecord | undefined>;
  /** the recipients recorded with the bounced email, oldest first */
  recipientsOf(tenantId: string, bouncedEmailId: string): Promise<BouncedRecipientRecord[]>;
  pageRecipients(tenantId: string, filter: BounceFilter, page: PageRequest): Promise<Slice<BouncedRecipientRecord>>;
  /** Of `addresses` (lower-case), those with a bounce of one of `bounceTypes` (any type when omitted). */
  bouncedAmong(tenantId: string, addresses: string[], bounceTypes?: string[]): Promise<Set<string>>;
}
