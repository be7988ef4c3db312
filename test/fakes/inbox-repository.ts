/** InboxRepository and DomainRepository in memory, answering as storage/kysely's do. */
import type { PageRequest } from '../../src/core/paging.js';
import type {
  DomainRecord, DomainRepository, InboxFilter, InboxRecord, InboxRepository, InboxUpdate, Slice,
} from '../../src/storage/ports.js';
import { contains, copy, inRange, ordered, pageOf, UniqueViolation } from './query.js';
import type { InboxRow, MemoryTables } from './tables.js';

/** inbox-repository.ts's whereFilter, row by row. */
export function inboxMatches(row: InboxRow, tenantId: string, filter: InboxFilter & { id?: string }): boolean {
  const inbox = row.inbox;
  if (inbox.tenantId !== tenantId) return false;
  if (filter.id !== undefined && inbox.id !== filter.id) return false;
  // An empty id list is no filter here (unlike emails and attachments, where it selects none).
  if (filter.ids?.length && !filter.ids.includes(inbox.id)) return false;
  if (filter.favourite && !inbox.favourite) return false;
  if (!inRange(inbox.createdAt, filter)) return false;
  if (filter.inboxType && inbox.inboxType !== filter.inboxType) return false;
  if (filter.domainId && inbox.domainId !== filter.domainId) return false;
  // SQL `name = null` is never true
  if (filter.name !== undefined && (filter.name === null || inbox.name !== filter.name)) return false;
  if (filter.description !== undefined && (filter.description === null || inbox.description !== filter.description)) return false;
  if (filter.expiredAt && (inbox.expiresAt === null || inbox.expiresAt.getTime() > filter.expiredAt.getTime())) return false;
  if (filter.tag !== undefined && !inbox.tags.includes(filter.tag)) return false;
  if (filter.search) {
    const text = filter.search;
    const hit = contains(inbox.id, text) || contains(inbox.emailAddress, text) || contains(inbox.name, text)
      || inbox.tags.some((tag) => contains(tag, text));
    if (!hit) return false;
  }
  return true;
}

/** Tags as every read returns them: distinct, in code-point order. */
const tagsOf = (tags: string[]) => [...new Set(tags)].sort();

export class FakeInboxRepository implements InboxRepository {
  constructor(private readonly tables: MemoryTables) {}

  async create(inbox: InboxRecord): Promise<void> {
    const address = inbox.emailAddress.toLowerCase();
    if (this.tables.inboxes.has(inbox.id)) throw new UniqueViolation(`inboxes.id ${inbox.id}`);
    if ([...this.tables.inboxes.values()].some((row) => row.inbox.emailAddress === address)) {
      throw new UniqueViolation(`inboxes.email_address ${address}`);
    }
    const stored: InboxRecord = {
      ...copy(inbox),
      // Addresses are case-insensitive: stored lower-cased, the unique index sees one form.
      emailAddress: address,
      localPart: inbox.localPart.toLowerCase(),
      domain: inbox.domain.toLowerCase(),
      tags: tagsOf(inbox.tags),
    };
    this.tables.inboxes.set(inbox.id, { inbox: stored, expiredAt: null });
    this.tables.inboxCreations.push({ tenantId: inbox.tenantId, createdAt: new Date(inbox.createdAt) });
  }

  async findById(tenantId: string, id: string): Promise<InboxRecord | undefined> {
    const row = this.tables.inboxes.get(id);
    return row && row.inbox.tenantId === tenantId ? copy(row.inbox) : undefined;
  }

  async findByAddress(emailAddress: string): Promise<InboxRecord | undefined> {
    const address = emailAddress.toLowerCase();
    const row = [...this.tables.inboxes.values()].find((r) => r.inbox.emailAddress === address);
    return row && copy(row.inbox);
  }

  async findByName(tenantId: string, name: string): Promise<InboxRecord | undefined> {
    const named = this.rows(tenantId, {}).filter((inbox) => inbox.name === name);
    const first = ordered(named)[0];
    return first && copy(first);
  }

  async update(tenantId: string, id: string, update: InboxUpdate): Promise<InboxRecord | undefined> {
    const row = this.tables.inboxes.get(id);
    if (!row || row.inbox.tenantId !== tenantId) return undefined;
    const inbox = row.inbox;
    if (update.name !== undefined) inbox.name = update.name;
    if (update.description !== undefined) inbox.description = update.description;
    if (update.favourite !== undefined) inbox.favourite = update.favourite;
    if (update.expiresAt !== undefined) inbox.expiresAt = update.expiresAt && new Date(update.expiresAt);
    if (update.tags !== undefined) inbox.tags = tagsOf(update.tags);
    return copy(inbox);
  }

  async deleteWhere(tenantId: string, filter: InboxFilter & { id?: string }): Promise<string[]> {
    const ids = [...this.tables.inboxes.values()].filter((row) => inboxMatches(row, tenantId, filter)).map((row) => row.inbox.id);
    const gone = new Set(ids);
    // An inbox's emails, sent receipts and webhooks go with it (expired-inbox records and pixels stay).
    this.tables.deleteEmails([...this.tables.emails.values()].filter((r) => gone.has(r.email.inboxId)).map((r) => r.email.id));
    this.tables.deleteSent([...this.tables.sent.values()].filter((r) => gone.has(r.sent.inboxId)).map((r) => r.sent.id));
    this.tables.deleteWebhooks([...this.tables.webhooks.values()]
      .filter((w) => w.tenantId === tenantId && w.inboxId !== null && gone.has(w.inboxId)).map((w) => w.id));
    for (const id of ids) this.tables.inboxes.delete(id);
    return ids;
  }

  async page(tenantId: string, filter: InboxFilter, page: PageRequest): Promise<Slice<InboxRecord>> {
    return pageOf(ordered(this.rows(tenantId, filter), page.sort), page);
  }

  async list(tenantId: string, filter: InboxFilter, sort: PageRequest['sort'], limit: number): Promise<InboxRecord[]> {
    return ordered(this.rows(tenantId, filter), sort).slice(0, limit);
  }

  async count(tenantId: string, filter: InboxFilter = {}): Promise<number> {
    return this.rows(tenantId, filter).length;
  }

  async idsAndAddresses(tenantId: string): Promise<Array<{ id: string; emailAddress: string }>> {
    return ordered(this.rows(tenantId, {})).map((inbox) => ({ id: inbox.id, emailAddress: inbox.emailAddress }));
  }

  async tags(tenantId: string, search: string | undefined, page: PageRequest): Promise<Slice<string>> {
    const all = new Set(this.rows(tenantId, {}).flatMap((inbox) => inbox.tags));
    const matching = [...all].filter((tag) => !search || contains(tag, search)).sort();
    if (page.sort === 'DESC') matching.reverse();
    return pageOf(matching, page);
  }

  async countCreatedSince(tenantId: string, since: Date): Promise<number> {
    return this.tables.inboxCreations.filter((c) => c.tenantId === tenantId && c.createdAt.getTime() >= since.getTime()).length;
  }

  /** Copies of the tenant's inboxes that `filter` selects, in no particular order. */
  private rows(tenantId: string, filter: InboxFilter): InboxRecord[] {
    return [...this.tables.inboxes.values()].filter((row) => inboxMatches(row, tenantId, filter)).map((row) => copy(row.inbox));
  }
}

export class FakeDomainRepository implements DomainRepository {
  constructor(private readonly tables: MemoryTables) {}

  async create(domain: DomainRecord): Promise<void> {
    if (this.tables.domains.has(domain.id)) throw new UniqueViolation(`domains.id ${domain.id}`);
    // A domain belongs to one tenant: the column is unique service-wide.
    if ([...this.tables.domains.values()].some((d) => d.domain === domain.domain)) throw new UniqueViolation(`domains.domain ${domain.domain}`);
    this.tables.domains.set(domain.id, copy(domain));
  }

  async findByName(tenantId: string, domain: string): Promise<DomainRecord | undefined> {
    const found = [...this.tables.domains.values()].find((d) => d.tenantId === tenantId && d.domain === domain);
    return found && copy(found);
  }

  async findById(tenantId: string, id: string): Promise<DomainRecord | undefined> {
    const found = this.tables.domains.get(id);
    return found && found.tenantId === tenantId ? copy(found) : undefined;
  }
}
