/** ExpiredInboxRepository in memory, over the same inbox rows as FakeInboxRepository. */
import type { PageRequest } from '../../src/core/paging.js';
import type {
  DueInbox, ExpiredInboxFilter, ExpiredInboxRecord, ExpiredInboxRepository, Slice,
} from '../../src/storage/ports.js';
import { copy, inRange, ordered, pageOf } from './query.js';
import type { MemoryTables } from './tables.js';

export class FakeExpiredInboxRepository implements ExpiredInboxRepository {
  constructor(private readonly tables: MemoryTables) {}

  async findDue(now: Date, limit: number, tenantId?: string): Promise<DueInbox[]> {
    const due = [...this.tables.inboxes.values()]
      .filter((row) => row.expiredAt === null && row.inbox.expiresAt !== null && row.inbox.expiresAt.getTime() <= now.getTime())
      .filter((row) => tenantId === undefined || row.inbox.tenantId === tenantId)
      .map((row) => ({ id: row.inbox.id, tenantId: row.inbox.tenantId, expiresAt: new Date(row.inbox.expiresAt!) }));
    // earliest first, then by id
    return ordered(due.map((d) => ({ ...d, createdAt: d.expiresAt })))
      .slice(0, limit)
      .map(({ id, tenantId: tenant, expiresAt }) => ({ id, tenantId: tenant, expiresAt }));
  }

  async nextDue(after?: Date): Promise<Date | undefined> {
    const times = [...this.tables.inboxes.values()]
      .filter((row) => row.expiredAt === null && row.inbox.expiresAt !== null)
      .map((row) => row.inbox.expiresAt!.getTime())
      .filter((time) => after === undefined || time > after.getTime());
    return times.length ? new Date(Math.min(...times)) : undefined;
  }

  async expire(inboxId: string, recordId: string, now: Date): Promise<ExpiredInboxRecord | undefined> {
    const row = this.tables.inboxes.get(inboxId);
    const expiresAt = row?.inbox.expiresAt;
    // The conditional update is the claim: only a due, unmarked inbox is marked.
    if (!row || row.expiredAt !== null || !expiresAt || expiresAt.getTime() > now.getTime()) return undefined;
    row.expiredAt = new Date(expiresAt);
    // The unique inbox_id is the last word: a record already there stays the only one.
    if ([...this.tables.expiredInboxes.values()].some((r) => r.inboxId === inboxId)) return undefined;
    const record: ExpiredInboxRecord = {
      id: recordId,
      tenantId: row.inbox.tenantId,
      inboxId,
      emailAddress: row.inbox.emailAddress,
      createdAt: new Date(expiresAt),
    };
    this.tables.expiredInboxes.set(recordId, record);
    return copy(record);
  }

  async findById(tenantId: string, id: string): Promise<ExpiredInboxRecord | undefined> {
    const record = this.tables.expiredInboxes.get(id);
    return record && record.tenantId === tenantId ? copy(record) : undefined;
  }

  async findByInboxId(tenantId: string, inboxId: string): Promise<ExpiredInboxRecord | undefined> {
    const record = [...this.tables.expiredInboxes.values()].find((r) => r.tenantId === tenantId && r.inboxId === inboxId);
    return record && copy(record);
  }

  async page(tenantId: string, filter: ExpiredInboxFilter, page: PageRequest): Promise<Slice<ExpiredInboxRecord>> {
    const matching = [...this.tables.expiredInboxes.values()].filter((r) =>
      r.tenantId === tenantId && (filter.inboxId === undefined || r.inboxId === filter.inboxId) && inRange(r.createdAt, filter));
    return pageOf(ordered(matching, page.sort).map(copy), page);
  }
}
