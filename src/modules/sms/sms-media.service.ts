import { notFound } from '../../core/errors.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { PhoneNumberRepository, Slice, SmsMediaFilter, SmsMediaRecord, SmsMediaRepository, SmsRepository } from '../../storage/ports.js';

export interface SmsMediaQuery extends SmsMediaFilter {
  page?: number;
  size?: number;
  sort?: SortDirection;
}

/**
 * MMS media of received SMS (SmsController's and PhoneController's media operations): the
 * files a sink message's MediaUrl pointed at, fetched when it was delivered and kept with the
 * SMS (deleted with it, and with its number).
 */
export class SmsMediaService {
  constructor(
    private readonly media: SmsMediaRepository,
    private readonly sms: SmsRepository,
    private readonly phones: PhoneNumberRepository,
  ) {}

  /** getSmsMedia: 404 for an SMS the caller does not hold */
  async ofSms(tenantId: string, smsId: string): Promise<SmsMediaRecord[]> {
    if (!(await this.sms.findById(tenantId, smsId))) throw notFound(`No SMS ${smsId}`);
    return this.media.listOfSms(tenantId, [smsId]);
  }

  /** the media of an SMS already read (for SmsDto.media) */
  listOf(tenantId: string, smsId: string): Promise<SmsMediaRecord[]> {
    return this.media.listOfSms(tenantId, [smsId]);
  }

  async get(tenantId: string, id: string): Promise<SmsMediaRecord> {
    const media = await this.media.findById(tenantId, id);
    if (!media) throw notFound(`No SMS media ${id}`);
    return media;
  }

  async content(tenantId: string, id: string): Promise<{ media: SmsMediaRecord; content: Buffer }> {
    const media = await this.get(tenantId, id);
    const content = await this.media.content(tenantId, id);
    if (!content) throw notFound(`No SMS media ${id}`);
    return { media, content };
  }

  /** getPhoneNumberMedia (one number: 404 when the caller does not hold it) and getPhoneNumberMedia1 (all) */
  async page(tenantId: string, query: SmsMediaQuery): Promise<{ slice: Slice<SmsMediaRecord>; request: PageRequest }> {
    if (query.phoneId && !(await this.phones.findById(tenantId, query.phoneId))) throw notFound(`No phone number ${query.phoneId}`);
    const request = pageRequest(query);
    const { page: _p, size: _s, sort: _o, ...filter } = query;
    return { slice: await this.media.page(tenantId, filter, request), request };
  }
}
