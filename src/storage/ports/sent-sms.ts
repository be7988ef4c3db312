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
  /** what the configured real provider made of it (PIGEONHOLE_SMS_RELAY_URL); null: not forwarded */
  relay?: SmsRelayState | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A forward of an outside SMS to the configured provider. */
export interface SmsRelayState {
  /** pending: queued, not yet accepted; then the provider's own status (queued, accepted, sent, ...); failed: refused for good */
  status: string;
  /** the provider's message SID, once it accepted the message */
  sid: string | null;
  /** the provider's error code of the last refusal (Twilio's numeric codes), null when none came */
  errorCode: number | null;
  /** the provider's error message of the last refusal, or why no answer came */
  error: string | null;
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
  /** records the state of a forward; false when the sent SMS is gone */
  setRelay(tenantId: string, id: string, relay: SmsRelayState): Promise<boolean>;
}
