/** Storage port of MMS media: the files a received SMS carried (a sink message's MediaUrl, fetched). */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

export interface SmsMediaRecord {
  id: string;
  tenantId: string;
  smsId: string;
  /** the receiving phone number's id */
  phoneId: string;
  position: number;
  /** where it was fetched from */
  url: string;
  /** the Content-Type its server answered; null when it gave none */
  contentType: string | null;
  size: number;
  createdAt: Date;
}

export interface SmsMediaFilter {
  phoneId?: string;
  since?: Date;
  before?: Date;
  /** case-insensitive "contains" on content type, URL and id */
  search?: string;
}

export interface SmsMediaRepository {
  create(media: SmsMediaRecord, content: Buffer): Promise<void>;
  findById(tenantId: string, id: string): Promise<SmsMediaRecord | undefined>;
  /** the media of these SMS, in their order */
  listOfSms(tenantId: string, smsIds: readonly string[]): Promise<SmsMediaRecord[]>;
  page(tenantId: string, filter: SmsMediaFilter, page: PageRequest): Promise<Slice<SmsMediaRecord>>;
  content(tenantId: string, id: string): Promise<Buffer | undefined>;
}
