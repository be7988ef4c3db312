/**
 * Storage port of SMS conversations: a thread is one of the tenant's numbers and one other
 * number, read from the SMS it received (sms_messages) and sent (sent_sms). No table of its own.
 */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

export type SmsDirection = 'INBOUND' | 'OUTBOUND';

export interface PhoneThreadRecord {
  phoneId: string;
  /** the tenant's number, E.164 */
  phoneNumber: string;
  /** the number at the other end, as the messages carry it */
  otherNumber: string;
  lastDirection: SmsDirection;
  lastBody: string;
  lastCreatedAt: Date;
}

export interface PhoneThreadItemRecord {
  /** the received SMS's id (INBOUND) or the sent SMS's id (OUTBOUND) */
  id: string;
  phoneId: string;
  direction: SmsDirection;
  fromNumber: string;
  toNumber: string;
  body: string;
  createdAt: Date;
}

export interface PhoneThreadRepository {
  /** threads of one number (or of every number of the tenant), the latest message first */
  threads(tenantId: string, phoneId: string | undefined, page: PageRequest): Promise<Slice<PhoneThreadRecord>>;
  /** the messages of a thread, in `page.sort` order of creation */
  items(tenantId: string, phoneId: string, otherNumber: string, page: PageRequest): Promise<Slice<PhoneThreadItemRecord>>;
  /** deletes the received and sent SMS of a thread; how many */
  deleteItems(tenantId: string, phoneId: string, otherNumber: string): Promise<number>;
}
