import { notFound } from '../../core/errors.js';
import { pageRequest, type PageRequest } from '../../core/paging.js';
import type { PhoneNumberRepository, PhoneThreadItemRecord, PhoneThreadRecord, PhoneThreadRepository, Slice } from '../../storage/ports.js';
import { toE164 } from '../phone/phone.service.js';

export interface ThreadPage {
  page?: number;
  size?: number;
}

/**
 * SMS conversations (PhoneController's message threads): one of the caller's numbers and one
 * other number, read from the SMS the number received and sent. Threads are listed by their
 * latest message, newest first; a thread's messages oldest first, as a conversation reads.
 */
export class PhoneThreadService {
  constructor(
    private readonly threads: PhoneThreadRepository,
    private readonly phones: PhoneNumberRepository,
  ) {}

  async all(tenantId: string, query: ThreadPage): Promise<{ slice: Slice<PhoneThreadRecord>; request: PageRequest }> {
    const request = pageRequest(query, { sort: 'DESC' });
    return { slice: await this.threads.threads(tenantId, undefined, request), request };
  }

  async ofPhone(tenantId: string, phoneId: string, query: ThreadPage): Promise<{ slice: Slice<PhoneThreadRecord>; request: PageRequest }> {
    const phone = await this.phone(tenantId, phoneId);
    const request = pageRequest(query, { sort: 'DESC' });
    return { slice: await this.threads.threads(tenantId, phone.id, request), request };
  }

  /** `otherNumber` in E.164, with or without its +. */
  async items(tenantId: string, phoneId: string, otherNumber: string, query: ThreadPage): Promise<{ slice: Slice<PhoneThreadItemRecord>; request: PageRequest }> {
    const phone = await this.phone(tenantId, phoneId);
    const request = pageRequest(query, { sort: 'ASC' });
    return { slice: await this.threads.items(tenantId, phone.id, toE164(otherNumber), request), request };
  }

  /** Deletes every SMS of the thread, received and sent; how many. */
  async deleteItems(tenantId: string, phoneId: string, otherNumber: string): Promise<number> {
    const phone = await this.phone(tenantId, phoneId);
    return this.threads.deleteItems(tenantId, phone.id, toE164(otherNumber));
  }

  private async phone(tenantId: string, phoneId: string) {
    const phone = await this.phones.findById(tenantId, phoneId);
    if (!phone) throw notFound(`No phone number ${phoneId}`);
    return phone;
  }
}
