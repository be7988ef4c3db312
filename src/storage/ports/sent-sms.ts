/** Storage port of SMS sent from the simulated carrier's numbers (SmsController's sent side). */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

export interface SentSmsRecord {
  id: string;
  tenantId: string;
  /** the sending phone number's id */
  phoneId: string;
  fromNumber: string;
  toNumber: string;
  body: string;
  /** the received SMS this answers (replyToSmsMessage) */
  replyToId: string | null;
  /** the SMS it became at a Pigeonhole number; null: the recipient is outside the carrier, recorded only */
  deliveredSmsId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface SentSmsFilter {
  phoneId?: string;
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
