/** Storage port of SMS received by the simulated carrier's numbers (SmsController). */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

export interface SmsRecord {
  id: string;
  tenantId: string;
  /** the receiving phone number's id */
  phoneId: string;
  fromNumber: string;
  /** the receiving number, E.164 */
  toNumber: string;
  body: string;
  read: boolean;
  favourite: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface SmsFilter {
  phoneId?: string;
  since?: Date;
  before?: Date;
  /** case-insensitive "contains" on body, sender and id */
  search?: string;
  favourite?: boolean;
  ids?: string[];
  unreadOnly?: boolean;
}

export interface SmsRepository {
  /** Stores the SMS and its domain event (sms.received, for NEW_SMS webhooks) in ONE transaction. */
  create(sms: SmsRecord): Promise<void>;
  findById(tenantId: string, id: string): Promise<SmsRecord | undefined>;
  page(tenantId: string, filter: SmsFilter, page: PageRequest): Promise<Slice<SmsRecord>>;
  count(tenantId: string, filter: { read?: boolean }): Promise<number>;
  /** false when there is no such SMS */
  update(tenantId: string, id: string, change: { read?: boolean; favourite?: boolean; updatedAt: Date }): Promise<boolean>;
  /** sets read on every SMS of the tenant (of one number when phoneId is given) */
  markAll(tenantId: string, read: boolean, phoneId: string | undefined, at: Date): Promise<void>;
  delete(tenantId: string, id: string): Promise<boolean>;
  deleteAll(tenantId: string, phoneId: string | undefined): Promise<void>;
}
