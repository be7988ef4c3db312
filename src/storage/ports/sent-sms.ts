/** Storage port of SMS sent from the simulated carrier's numbers (SmsController's sent side). */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

export interface SentSmsRecord {
  id: string;
  tenantId: string;
  /** the sending phone number's id; null for a sink message from a sender id that is no number of the account */
  phoneId: string | null;
  fromNumber: string;
  toNumber: string;
  body: string;
  /** the received SMS this answers (replyToSmsMessage) */
  replyToId: string | null;
  /** the SMS it became at a Pigeonhole number; null: the recipient is outside the carrier, recorded only */
  deliveredSmsId: string | null;
  /** sink messages (Twilio's Messages resource): the account SID it was sent under; null for API sends */
  accountSid?: string | null;
  /** sink messages: delivered, sent (outside the carrier) or failed; null for API sends */
  status?: 'delivered' | 'sent' | 'failed' | null;
  /** sink messages: the carrier error code of a failed one */
  errorCode?: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface SentSmsFilter {
  phoneId?: string;
  /** sink messages sent under this account SID */
  accountSid?: string;
  since?: Date;
  before?: Date;
  /** case-insensitive "contains" on body, recipient and id */
  search?: string;
}

export interface SentSmsRepository {
  create(sms: SentSmsRecord): Promise<void>;
  findById(tenantId: string, id: string): Promise<SentSmsRecord | undefined>;
  /** the newest reply sent to a received SMS */
  findReplyTo(tenantId: string, smsId: string): Promise<SentSmsRecord | undefined>;
  page(tenantId: string, filter: SentSmsFilter, page: PageRequest): Promise<Slice<SentSmsRecord>>;
  count(tenantId: string): Promise<number>;
  delete(tenantId: string, id: string): Promise<boolean>;
  deleteAll(tenantId: string, phoneId: string | undefined): Promise<void>;
}
