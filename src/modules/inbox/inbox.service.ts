import type { Clock } from '../../core/clock.js';
import { badRequest, conflict, notFound, quotaExceeded } from '../../core/errors.js';
import { newId, randomToken } from '../../core/ids.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type {
  ExpiredInboxRecord, ExpiredInboxRepository, InboxFilter, InboxRecord, InboxRepository, DomainRepository, InboxType, Slice,
} from '../../storage/ports.js';
import { expireDueInboxes } from '../../jobs/expiry.js';
import type { EventMap } from '../../events/bus.js';
import { checkLocalPart, isDomainName, parseAddress } from './address.js';
import {
  normaliseInboxType, type CreateInboxInput, type ListInboxesInput, type UpdateInboxInput,
} from './inbox.types.js';

export interface InboxSettings {
  /** domain of generated addresses */
  domain: string;
  /** domains useDomainPool picks from */
  domainPool: readonly string[];
  /** inboxes per tenant per trailing 30 days; 0 = unlimited */
  inboxQuota: number;
}

const QUOTA_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
const MAX_TAGS = 50;
export const MAX_EXPIRES_IN_MS = 100 * 365 * 24 * 60 * 60 * 1000;
const MAX_TAG_LENGTH = 100;
const MAX_TEXT_LENGTH = 1000;
/** getInboxes is capped at 100 results by the spec */
export const GET_INBOXES_CAP = 100;

/** Inbox management. Knows nothing of HTTP or SQL: it takes typed input and a tenant id. */
export class InboxService {
  constructor(
    private readonly inboxes: InboxRepository,
    private readonly domains: DomainRepository,
    private readonly clock: Clock,
    private readonly settings: InboxSettings,
    /** with it, flushExpired first records the inboxes that expired, as the expiry job would */
    private readonly expired?: ExpiredInboxRepository,
    /** told about each inbox flushExpired expired first (inbox.expired) */
    private readonly onExpired?: (record: ExpiredInboxRecord) => void,
    /** told after each committed creation, update or deletion (inbox.changed: the expiry timer re-arms) */
    private readonly onChanged?: (change: EventMap['inbox.changed']) => void,
  ) {}

  async create(tenantId: string, input: CreateInboxInput): Promise<InboxRecord> {
    const inboxType = this.inboxTypeOf(input.inboxType) ?? 'HTTP';
    if (input.useDomainPool && inboxType === 'SMTP') {
      throw badRequest('useDomainPool is only available for HTTP inboxes');
    }
    const expiresAt = this.expiryOf(input);
    const tags = cleanTags(input.tags);
    await this.checkQuota(tenantId);

    const id = newId();
    const { localPart, domain, domainId } = await this.addressFor(tenantId, id, inboxType, input);
    const inbox: InboxRecord = {
      id,
      tenantId,
      emailAddress: `${localPart}@${domain}`,
      localPart,
      domain,
      domainId,
      name: cleanText(input.name, 'name'),
      description: cleanText(input.description, 'description'),
      favourite: input.favourite ?? false,
      inboxType,
      virtualInbox: input.virtualInbox ?? false,
      expiresAt,
      createdAt: this.clock.now(),
      tags,
    };
    try {
      await this.inboxes.create(inbox);
    } catch (err) {
      // Two creations racing for one custom address: the unique index decides.
      if (await this.inboxes.findByAddress(inbox.emailAddress)) {
        throw conflict(`The address ${inbox.emailAddress} is already in use`);
      }
      throw err;
    }
    this.changed(tenantId, [inbox.id], 'created', inbox.expiresAt);
    return inbox;
  }

  /** createInboxWithDefaults: a private HTTP inbox on a domain of the pool. */
  createWithDefaults(tenantId: string): Promise<InboxRecord> {
    return this.create(tenantId, { useDomainPool: true });
  }

  async get(tenantId: string, inboxId: string): Promise<InboxRecord> {
    const inbox = await this.inboxes.findById(tenantId, inboxId);
    if (!inbox) throw notFound(`No inbox ${inboxId}`);
    return inbox;
  }

  async update(tenantId: string, inboxId: string, input: UpdateInboxInput): Promise<InboxRecord> {
    const expiresAt = input.expiresAt;
    if (expiresAt && expiresAt.getTime() <= this.clock.now().getTime()) {
      throw badRequest('expiresAt must be in the future');
    }
    // Expiry is final (spec §3): a new expiresAt, or none, does not reopen an expired inbox.
    if (expiresAt !== undefined) {
      const current = await this.get(tenantId, inboxId);
      if (current.expiresAt && current.expiresAt.getTime() <= this.clock.now().getTime()) {
        throw badRequest(`Inbox ${inboxId} expired at ${current.expiresAt.toISOString()}; an expired inbox cannot be reopened`);
      }
    }
    const updated = await this.inboxes.update(tenantId, inboxId, {
      name: input.name === undefined ? undefined : cleanText(input.name, 'name'),
      description: input.description === undefined ? undefined : cleanText(input.description, 'description'),
      tags: input.tags === undefined ? undefined : cleanTags(input.tags),
      expiresAt,
      favourite: input.favourite ?? undefined,
    });
    if (!updated) throw notFound(`No inbox ${inboxId}`);
    this.changed(tenantId, [inboxId], 'updated', updated.expiresAt);
    return updated;
  }

  setFavourite(tenantId: string, inboxId: string, state: boolean): Promise<InboxRecord> {
    return this.update(tenantId, inboxId, { favourite: state });
  }

  async delete(tenantId: string, inboxId: string): Promise<void> {
    const deleted = await this.inboxes.deleteWhere(tenantId, { id: inboxId });
    if (deleted.length === 0) throw notFound(`No inbox ${inboxId}`);
    this.changed(tenantId, deleted, 'deleted', null);
  }

  deleteAll(tenantId: string, filter: { since?: Date; before?: Date }): Promise<string[]> {
    return this.deleteWhere(tenantId, filter);
  }

  // Names and descriptions are stored trimmed, so lookups trim what they are given.
  deleteByTag = (tenantId: string, tag: string) => this.deleteWhere(tenantId, { tag: tag.trim() });
  deleteByName = (tenantId: string, name: string) => this.deleteWhere(tenantId, { name: name.trim() });
  deleteByDescription = (tenantId: string, description: string) =>
    this.deleteWhere(tenantId, { description: description.trim() });

  private async deleteWhere(tenantId: string, filter: Parameters<InboxRepository['deleteWhere']>[1]): Promise<string[]> {
    const deleted = await this.inboxes.deleteWhere(tenantId, filter);
    this.changed(tenantId, deleted, 'deleted', null);
    return deleted;
  }

  /** One inbox.changed per call: inboxId '' when it deleted several. */
  private changed(tenantId: string, inboxIds: string[], change: EventMap['inbox.changed']['change'], expiresAt: Date | null): void {
    if (!this.onChanged || inboxIds.length === 0) return;
    this.onChanged({ tenantId, inboxId: inboxIds.length === 1 ? inboxIds[0]! : '', change, expiresAt, createdAt: this.clock.now() });
  }

  /** Removes the tenant's inboxes whose expiry is at or before `before` (default now). */
  async flushExpired(tenantId: string, before?: Date): Promise<{ inboxIds: string[]; expireBefore: Date }> {
    const expireBefore = before ?? this.clock.now();
    // Inboxes that did expire keep their expired-inbox record even when flushed before the
    // expiry job got to them. Ones flushed ahead of their expiry (a later `before`) never expired.
    if (this.expired) await expireDueInboxes(this.expired, this.clock, { tenantId, onExpired: this.onExpired });
    const inboxIds = await this.deleteWhere(tenantId, { expiredAt: expireBefore });
    return { inboxIds, expireBefore };
  }

  /** getInboxes: up to 100 inboxes, no paging. */
  list(
    tenantId: string,
    input: { size?: number; sort?: SortDirection; since?: Date; before?: Date; include?: string[] },
  ): Promise<InboxRecord[]> {
    const limit = Math.min(Math.max(input.size ?? GET_INBOXES_CAP, 1), GET_INBOXES_CAP);
    const ids = input.include?.filter(Boolean);
    const filter = { since: input.since, before: input.before, ids: ids?.length ? ids : undefined };
    return this.inboxes.list(tenantId, filter, input.sort ?? 'ASC', limit);
  }

  async page(tenantId: string, input: ListInboxesInput): Promise<{ slice: Slice<InboxRecord>; request: PageRequest }> {
    const request = pageRequest(input);
    if (input.inboxFunction) return { slice: { items: [], total: 0 }, request };
    const filter = this.filterOf(input);
    return { slice: await this.inboxes.page(tenantId, filter, request), request };
  }

  /** getOutboxes: the inboxes that have sent mail (a sent-email receipt), oldest first unless sorted. */
  async outboxes(tenantId: string, input: { page?: number; size?: number; sort?: SortDirection }): Promise<{ slice: Slice<InboxRecord>; request: PageRequest }> {
    const request = pageRequest(input);
    return { slice: await this.inboxes.page(tenantId, { withSentMail: true }, request), request };
  }

  count(tenantId: string): Promise<number> {
    return this.inboxes.count(tenantId);
  }

  ids(tenantId: string): Promise<Array<{ id: string; emailAddress: string }>> {
    return this.inboxes.idsAndAddresses(tenantId);
  }

  async tags(tenantId: string, input: { page?: number; size?: number; sort?: SortDirection; searchFilter?: string }) {
    const request = pageRequest(input);
    return { slice: await this.inboxes.tags(tenantId, input.searchFilter || undefined, request), request };
  }

  /** Whether mail to this address would be accepted: addresses are service-wide, so is the answer. */
  async exists(emailAddress: string): Promise<boolean> {
    return (await this.inboxes.findByAddress(parseAddress(emailAddress).address)) !== undefined;
  }

  async isAvailable(emailAddress: string): Promise<boolean> {
    return !(await this.exists(emailAddress));
  }

  async findByAddress(tenantId: string, emailAddress: string): Promise<InboxRecord | undefined> {
    const inbox = await this.inboxes.findByAddress(parseAddress(emailAddress).address);
    return inbox?.tenantId === tenantId ? inbox : undefined;
  }

  findByName(tenantId: string, name: string): Promise<InboxRecord | undefined> {
    return this.inboxes.findByName(tenantId, name.trim());
  }

  private filterOf(input: ListInboxesInput): InboxFilter {
    return {
      favourite: input.favourite ?? undefined,
      search: input.search?.trim() || undefined,
      tag: input.tag ?? undefined,
      since: input.since ?? undefined,
      before: input.before ?? undefined,
      inboxType: this.inboxTypeOf(input.inboxType),
      domainId: input.domainId ?? undefined,
      organizationId: input.organizationId ?? undefined,
    };
  }

  private inboxTypeOf(value: string | null | undefined): InboxType | undefined {
    const type = normaliseInboxType(value);
    if (value && !type) throw badRequest(`inboxType must be HTTP, SMTP, HTTP_INBOX or SMTP_INBOX, got '${value}'`);
    return type;
  }

  private expiryOf(input: CreateInboxInput): Date | null {
    const now = this.clock.now().getTime();
    if (input.expiresAt && input.expiresIn !== undefined && input.expiresIn !== null) {
      throw badRequest('Give expiresAt or expiresIn, not both');
    }
    if (input.expiresAt) {
      if (input.expiresAt.getTime() <= now) throw badRequest('expiresAt must be in the future');
      return input.expiresAt;
    }
    if (input.expiresIn !== undefined && input.expiresIn !== null) {
      if (!Number.isInteger(input.expiresIn) || input.expiresIn <= 0 || input.expiresIn > MAX_EXPIRES_IN_MS) {
        throw badRequest(`expiresIn must be a positive number of milliseconds, at most ${MAX_EXPIRES_IN_MS} (100 years)`);
      }
      return new Date(now + input.expiresIn);
    }
    return null;
  }

  private async checkQuota(tenantId: string): Promise<void> {
    const quota = this.settings.inboxQuota;
    if (quota <= 0) return;
    // The window is the trailing 30 days, end exclusive: a creation exactly 30 days old
    // has left it. countCreatedSince counts "at or after", hence the one millisecond.
    const since = new Date(this.clock.now().getTime() - QUOTA_WINDOW_MS + 1);
    const used = await this.inboxes.countCreatedSince(tenantId, since);
    if (used >= quota) {
      throw quotaExceeded(
        `Inbox creation quota reached: ${used} of ${quota} inboxes created in the last 30 days ` +
          '(deleting inboxes does not lower this count)',
      );
    }
  }

  /**
   * Spec §2.2: no address → random on the service domain; useDomainPool → random on a
   * pool domain; a given address or domain must be one of the service's own domains or a
   * verified custom domain of the caller whose inbox type matches.
   */
  private async addressFor(tenantId: string, inboxId: string, inboxType: InboxType, input: CreateInboxInput) {
    if (input.emailAddress) {
      const parsed = parseAddress(input.emailAddress);
      if (input.domainName && input.domainName.toLowerCase() !== parsed.domain) {
        throw badRequest(`domainName '${input.domainName}' does not match the domain of emailAddress '${input.emailAddress}'`);
      }
      const domainId = await this.checkDomain(tenantId, parsed.domain, inboxType, input.domainId);
      if (await this.inboxes.findByAddress(parsed.address)) {
        throw conflict(`The address ${parsed.address} is already in use`);
      }
      return { localPart: parsed.localPart, domain: parsed.domain, domainId };
    }

    let domain = this.settings.domain;
    let domainId: string | null = null;
    if (input.domainId) {
      const custom = await this.domains.findById(tenantId, input.domainId);
      if (!custom) throw badRequest(`domainId ${input.domainId} is not a custom domain of yours`);
      domain = custom.domain;
      domainId = await this.checkDomain(tenantId, domain, inboxType, input.domainId);
    } else if (input.domainName) {
      domain = input.domainName.trim().toLowerCase();
      if (!isDomainName(domain)) throw badRequest(`domainName '${input.domainName}' is not a domain name`);
      domainId = await this.checkDomain(tenantId, domain, inboxType, undefined);
    } else if (input.useDomainPool) {
      const pool = this.settings.domainPool;
      domain = pool[Math.floor(Math.random() * pool.length)] ?? this.settings.domain;
    }

    const prefix = input.prefix?.trim().toLowerCase() ?? '';
    if (prefix) checkLocalPart(prefix, `prefix '${input.prefix}'`);
    for (let attempt = 0; attempt < 5; attempt++) {
      // The inbox id makes the default local part unique by construction; short
      // addresses (whole address under 31 characters) use a random token instead.
      const token = input.useShortAddress
        ? randomToken(Math.max(6, Math.min(12, 30 - prefix.length - 1 - domain.length)))
        : inboxId;
      const localPart = `${prefix}${token}`.slice(0, 64);
      if (!(await this.inboxes.findByAddress(`${localPart}@${domain}`))) return { localPart, domain, domainId };
    }
    throw conflict('Could not find a free address; try again or give emailAddress');
  }

  /** Returns the custom domain id (null for service domains) or explains why the domain is refused. */
  private async checkDomain(tenantId: string, domain: string, inboxType: InboxType, domainId: string | null | undefined): Promise<string | null> {
    const serviceDomains = new Set([this.settings.domain, ...this.settings.domainPool]);
    if (serviceDomains.has(domain) && !domainId) return null;
    const custom = await this.domains.findByName(tenantId, domain);
    if (!custom) {
      throw badRequest(
        `Cannot use domain '${domain}': it is neither a domain of this service ` +
          `(${[...serviceDomains].join(', ')}) nor a custom domain of yours`,
      );
    }
    if (domainId && custom.id !== domainId) throw badRequest(`domainId ${domainId} is not the custom domain '${domain}'`);
    if (!custom.verified) throw badRequest(`Custom domain '${domain}' is not verified yet`);
    if (custom.inboxType !== inboxType) {
      throw badRequest(`Custom domain '${domain}' is for ${custom.inboxType} inboxes; this inbox is ${inboxType}`);
    }
    return custom.id;
  }
}

function cleanText(value: string | null | undefined, field: string): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (text.length > MAX_TEXT_LENGTH) throw badRequest(`${field} may have at most ${MAX_TEXT_LENGTH} characters`);
  return text;
}

function cleanTags(tags: string[] | null | undefined): string[] {
  // Sorted (by code point, as every read returns them) so the answer to a create matches later reads.
  const clean = [...new Set((tags ?? []).map((t) => t.trim()).filter(Boolean))].sort();
  if (clean.length > MAX_TAGS) throw badRequest(`An inbox may have at most ${MAX_TAGS} tags`);
  const long = clean.find((t) => t.length > MAX_TAG_LENGTH);
  if (long) throw badRequest(`Tag '${long.slice(0, 20)}...' is longer than ${MAX_TAG_LENGTH} characters`);
  return clean;
}
