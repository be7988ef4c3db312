import { notFound } from '../../core/errors.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { MissedSmsFilter, MissedSmsRecord, MissedSmsRepository, PhoneNumberRepository, Slice } from '../../storage/ports.js';
import { validatePhone } from '../phone/phone-validation.js';

export interface MissedSmsQuery {
  page?: number;
  size?: number;
  sort?: SortDirection;
  /** the number's id, or the number itself */
  phoneNumber?: string;
  since?: Date;
  before?: Date;
  search?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * MissedSmsController: SMS a tenant did not get because it was at its SMS cap. The records are
 * written by TenantSmsCapStep when the carrier delivers, never here.
 */
export class MissedSmsService {
  constructor(
    private readonly missed: MissedSmsRepository,
    private readonly phones: Pick<PhoneNumberRepository, 'findById'>,
  ) {}

  async page(tenantId: string, query: MissedSmsQuery): Promise<{ slice: Slice<MissedSmsRecord>; request: PageRequest }> {
    const request = pageRequest(query);
    const filter: MissedSmsFilter = { since: query.since, before: query.before, search: query.search || undefined };
    if (query.phoneNumber) await this.narrow(tenantId, query.phoneNumber, filter);
    return { slice: await this.missed.page(tenantId, filter, request), request };
  }

  async get(tenantId: string, id: string): Promise<MissedSmsRecord> {
    const record = await this.missed.findById(tenantId, id);
    if (!record) throw notFound(`No missed SMS ${id}`);
    return record;
  }

  count(tenantId: string): Promise<number> {
    return this.missed.count(tenantId);
  }

  /**
   * phoneNumber names a number by id (one of the caller's, or one its missed SMS were for:
   * the records outlive the number) or by its E.164 form; another tenant's id is a 404.
   */
  private async narrow(tenantId: string, phoneNumber: string, filter: MissedSmsFilter): Promise<void> {
    if (UUID.test(phoneNumber)) {
      if (!(await this.phones.findById(tenantId, phoneNumber))
        && (await this.missed.page(tenantId, { phoneId: phoneNumber }, pageRequest({ page: 0, size: 1 }))).total === 0) {
        throw notFound(`No phone number ${phoneNumber}`);
      }
      filter.phoneId = phoneNumber;
    } else {
      filter.toNumber = validatePhone(phoneNumber.replace(/[\s().-]/g, '')).phoneNumber;
    }
  }
}
