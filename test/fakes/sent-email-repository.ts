/** SentEmailRepository in memory: receipts (never a body), their raw bytes and delivery statuses. */
import type { PageRequest } from '../../src/core/paging.js';
import { threadKeys } from '../../src/core/threading.js';
import type {
  DeliveryStatusFilter, DeliveryStatusRecord, SentEmailFilter, SentEmailRecord, SentEmailRepository, Slice,
} from '../../src/storage/ports.js';
import { threadFor } from './email-repository.js';
import { bytes, contains, copy, inRange, ordered, pageOf, UniqueViolation } from './query.js';
import type { MemoryTables } from './tables.js';

/** sent-email-repository.ts's whereFilter, row by row. */
function sentMatches(sent: SentEmailRecord, tenantId: string, filter: SentEmailFilter & { id?: string }): boolean {
  if (sent.tenantId !== tenantId) return false;
  if (filter.id !== undefined && sent.id !== filter.id) return false;
  if (filter.inboxId !== undefined && sent.inboxId !== filter.inboxId) return false;
  if (!inRange(sent.createdAt, filter)) return false;
  if (filter.search && !contains(sent.subject, filter.search) && !contains(JSON.stringify(sent.recipients), filter.search)) return false;
  return true;
}

export class FakeSentEmailRepository implements SentEmailRepository {
  constructor(private readonly tables: MemoryTables) {}

  async create(sent: SentEmailRecord, raw: Buffer): Promise<void> {
    if (this.tables.sent.has(sent.id)) throw new UniqueViolation(`sent_emails.id ${sent.id}`);
    if (!this.tables.inboxes.has(sent.inboxId)) throw new Error(`foreign key: no inbox ${sent.inboxId} for sent email ${sent.id}`);
    sent.threadId = threadFor(this.tables, sent.tenantId, threadKeys(sent));
    // Pixel ids are not part of the receipt: they are read from the tracking pixels.
    const { pixelIds: _pixels, ...stored } = copy(sent);
    this.tables.sent.set(sent.id, { sent: stored, raw: bytes(raw) });
  }

  async addStatuses(statuses: DeliveryStatusRecord[]): Promise<void> {
    for (const status of statuses) {
      if (this.tables.deliveryStatuses.has(status.id)) throw new UniqueViolation(`delivery_statuses.id ${status.id}`);
      if (!this.tables.sent.has(status.sentId)) throw new Error(`foreign key: no sent email ${status.sentId}`);
    }
    for (const status of statuses) this.tables.deliveryStatuses.set(status.id, copy(status));
  }

  async findById(tenantId: string, id: string): Promise<SentEmailRecord | undefined> {
    const row = this.tables.sent.get(id);
    return row && row.sent.tenantId === tenantId ? copy(row.sent) : undefined;
  }

  async page(tenantId: string, filter: SentEmailFilter, page: PageRequest): Promise<Slice<SentEmailRecord>> {
    return pageOf(ordered(this.matching(tenantId, filter), page.sort).map(copy), page);
  }

  async count(tenantId: string, filter: SentEmailFilter = {}): Promise<number> {
    return this.matching(tenantId, filter).length;
  }

  async raw(tenantId: string, id: string): Promise<Buffer | undefined> {
    const row = this.tables.sent.get(id);
    return row && row.sent.tenantId === tenantId ? bytes(row.raw) : undefined;
  }

  async deleteWhere(tenantId: string, filter: SentEmailFilter & { id?: string }): Promise<string[]> {
    const ids = this.matching(tenantId, filter).map((sent) => sent.id);
    this.tables.deleteSent(ids);
    return ids;
  }

  async statuses(tenantId: string, filter: DeliveryStatusFilter, page: PageRequest): Promise<Slice<DeliveryStatusRecord>> {
    const matching = [...this.tables.deliveryStatuses.values()].filter((s) =>
      s.tenantId === tenantId
      && (!filter.sentId || s.sentId === filter.sentId)
      && (!filter.inboxId || s.inboxId === filter.inboxId)
      && inRange(s.createdAt, filter));
    return pageOf(ordered(matching, page.sort).map(copy), page);
  }

  async status(tenantId: string, id: string): Promise<DeliveryStatusRecord | undefined> {
    const status = this.tables.deliveryStatuses.get(id);
    return status && status.tenantId === tenantId ? copy(status) : undefined;
  }

  private matching(tenantId: string, filter: SentEmailFilter & { id?: string }): SentEmailRecord[] {
    return [...this.tables.sent.values()].map((row) => row.sent).filter((sent) => sentMatches(sent, tenantId, filter));
  }
}
