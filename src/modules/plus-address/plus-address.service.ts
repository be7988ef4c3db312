import type { Clock } from '../../core/clock.js';
import { badRequest, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type SortDirection } from '../../core/paging.js';
import type { EmailRepository, InboxRecord, InboxRepository, PlusAddressRecord, PlusAddressRepository } from '../../storage/ports.js';
import { plusBases, type PlusAddressRecorder } from '../email/ingest.service.js';

export interface PlusPageQuery {
  page?: number;
  size?: number;
  sort?: SortDirection;
  since?: Date;
  before?: Date;
}

/** The tag of `fullAddress` as a plus address of `inboxAddress`, or undefined when it is none. */
export function plusTagOf(inboxAddress: string, fullAddress: string): string | undefined {
  const inbox = inboxAddress.toLowerCase();
  const full = fullAddress.trim().toLowerCase();
  const at = inbox.lastIndexOf('@');
  const local = inbox.slice(0, at);
  const domain = inbox.slice(at);
  if (!full.endsWith(domain) || !full.startsWith(`${local}+`)) return undefined;
  const tag = full.slice(local.length + 1, full.length - domain.length);
  return tag.length > 0 && !tag.includes('@') ? tag : undefined;
}

/**
 * Plus addresses (sub-addresses) of inboxes: mail to `local+tag@domain` of an inbox lands in
 * the inbox (IngestService.localRecipient) and is recorded under the plus address, made by
 * the first such mail (or asked for with getOrCreate).
 */
export class PlusAddressService implements PlusAddressRecorder {
  constructor(
    private readonly repo: PlusAddressRepository,
    private readonly inboxes: InboxRepository,
    private readonly emailRepo: EmailRepository,
    private readonly clock: Clock,
  ) {}

  /** Ingest's recorder: the id of the inbox's plus address `fullAddress`, made now if new. */
  async recordFor(inbox: InboxRecord, fullAddress: string): Promise<string> {
    const tag = plusTagOf(inbox.emailAddress, fullAddress);
    if (tag === undefined) throw new Error(`${fullAddress} is not a plus address of ${inbox.emailAddress}`);
    return (await this.make(inbox, fullAddress.trim().toLowerCase(), tag)).id;
  }

  /** getOrCreateInboxPlusAddress: `fullAddress` must be local+tag@domain of the inbox. */
  async getOrCreate(tenantId: string, inboxId: string, fullAddress: string): Promise<PlusAddressRecord> {
    const inbox = await this.inbox(tenantId, inboxId);
    const tag = plusTagOf(inbox.emailAddress, fullAddress);
    if (tag === undefined) {
      const [local, domain] = splitAddress(inbox.emailAddress);
      throw badRequest(`fullAddress ${fullAddress} is not a plus address of inbox ${inboxId}: expected ${local}+<tag>@${domain}`);
    }
    return this.make(inbox, fullAddress.trim().toLowerCase(), tag);
  }

  /** getOrCreatePlusAddressByFullAddress: the caller's inbox is found from the address itself. */
  async getOrCreateByFullAddress(tenantId: string, fullAddress: string): Promise<PlusAddressRecord> {
    const full = fullAddress.trim().toLowerCase();
    const bases = plusBases(full);
    if (bases.length === 0) throw badRequest(`fullAddress ${fullAddress} is not a plus address: expected local+tag@domain`);
    for (const base of bases) {
      const inbox = await this.inboxes.findByAddress(base);
      // another user's inbox reads exactly like none
      if (inbox && inbox.tenantId === tenantId) return this.make(inbox, full, plusTagOf(inbox.emailAddress, full)!);
    }
    throw notFound(`No inbox of yours has ${fullAddress} as a plus address`);
  }

  async get(tenantId: string, id: string, inboxId?: string): Promise<PlusAddressRecord> {
    const found = await this.repo.findById(tenantId, id);
    if (!found || (inboxId !== undefined && found.inboxId !== inboxId)) throw notFound(`No plus address ${id}`);
    return found;
  }

  /** The caller's plus addresses, of one inbox when given (404 when it is not the caller's). */
  async page(tenantId: string, inboxId: string | undefined, query: PlusPageQuery) {
    if (inboxId !== undefined) await this.inbox(tenantId, inboxId);
    const request = pageRequest(query);
    return { slice: await this.repo.page(tenantId, { inboxId }, request), request };
  }

  /** The emails that came to a plus address of the inbox. */
  async emails(tenantId: string, inboxId: string, plusAddressId: string, query: PlusPageQuery) {
    await this.inbox(tenantId, inboxId);
    await this.get(tenantId, plusAddressId, inboxId);
    return this.emailPage(tenantId, inboxId, plusAddressId, query);
  }

  /**
   * The emails that came to the inbox's plus address named by its tag (`news`) or in full
   * (`local+news@domain`); none when no mail ever came to it.
   */
  async emailsOf(tenantId: string, inboxId: string, plusAddress: string, query: PlusPageQuery) {
    const inbox = await this.inbox(tenantId, inboxId);
    const given = plusAddress.trim().toLowerCase();
    const [local, domain] = splitAddress(inbox.emailAddress);
    const full = given.includes('@') ? given : `${local}+${given}@${domain}`;
    if (plusTagOf(inbox.emailAddress, full) === undefined) {
      throw badRequest(`plusAddress ${plusAddress} is not a plus address of inbox ${inboxId}: give the tag, or ${local}+<tag>@${domain}`);
    }
    const found = await this.repo.findByAddress(tenantId, inboxId, full);
    const request = pageRequest(query);
    if (!found) return { slice: { items: [], total: 0 }, request };
    return this.emailPage(tenantId, inboxId, found.id, query);
  }

  private async emailPage(tenantId: string, inboxId: string, plusAddressId: string, query: PlusPageQuery) {
    const request = pageRequest(query);
    const slice = await this.emailRepo.page(tenantId, { inboxIds: [inboxId], plusAddressId, since: query.since, before: query.before }, request);
    return { slice, request };
  }

  private async make(inbox: InboxRecord, fullAddress: string, tag: string): Promise<PlusAddressRecord> {
    const now = this.clock.now();
    return this.repo.getOrCreate({
      id: newId(), tenantId: inbox.tenantId, inboxId: inbox.id, plusAddress: tag, fullAddress, createdAt: now, updatedAt: now,
    });
  }

  private async inbox(tenantId: string, inboxId: string): Promise<InboxRecord> {
    const inbox = await this.inboxes.findById(tenantId, inboxId);
    if (!inbox) throw notFound(`No inbox ${inboxId}`);
    return inbox;
  }
}

function splitAddress(address: string): [string, string] {
  const at = address.lastIndexOf('@');
  return [address.slice(0, at).toLowerCase(), address.slice(at + 1).toLowerCase()];
}
