/** ReplierRepository in memory: repliers, their events and the replies the window counts. */
import type { PageRequest } from '../../src/core/paging.js';
import type {
  ReplierChange, ReplierEventFilter, ReplierEventRecord, ReplierFilter, ReplierRecord, ReplierRepository, Slice,
} from '../../src/storage/ports.js';
import { copy, inRange, ordered, pageOf, UniqueViolation } from './query.js';

export class FakeReplierRepository implements ReplierRepository {
  readonly repliers = new Map<string, ReplierRecord>();
  readonly events = new Map<string, ReplierEventRecord>();
  /** `${replierId} ${sender}` → when the replier last answered them */
  readonly replies = new Map<string, number>();

  async create(replier: ReplierRecord): Promise<void> {
    if (this.repliers.has(replier.id)) throw new UniqueViolation(`inbox_repliers.id ${replier.id}`);
    this.repliers.set(replier.id, copy(replier));
  }

  async findById(tenantId: string, id: string): Promise<ReplierRecord | undefined> {
    const found = this.repliers.get(id);
    return found && found.tenantId === tenantId ? copy(found) : undefined;
  }

  async page(tenantId: string, filter: ReplierFilter, page: PageRequest): Promise<Slice<ReplierRecord>> {
    const matching = [...this.repliers.values()].filter((r) => r.tenantId === tenantId && (!filter.inboxId || r.inboxId === filter.inboxId) && inRange(r.createdAt, filter));
    return pageOf(ordered(matching, page.sort).map(copy), page);
  }

  async listActiveForInbox(tenantId: string, inboxId: string): Promise<ReplierRecord[]> {
    return ordered([...this.repliers.values()].filter((r) => r.tenantId === tenantId && r.inboxId === inboxId && r.active)).map(copy);
  }

  async update(tenantId: string, id: string, change: ReplierChange): Promise<boolean> {
    const found = this.repliers.get(id);
    if (!found || found.tenantId !== tenantId) return false;
    this.repliers.set(id, copy({ ...found, ...change }));
    return true;
  }

  async setActive(tenantId: string, id: string, active: boolean, at: Date): Promise<boolean> {
    const found = this.repliers.get(id);
    if (!found || found.tenantId !== tenantId) return false;
    this.repliers.set(id, copy({ ...found, active, updatedAt: at }));
    return true;
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    const found = this.repliers.get(id);
    return Boolean(found && found.tenantId === tenantId && this.repliers.delete(id));
  }

  async deleteWhere(tenantId: string, filter: { inboxId?: string }): Promise<number> {
    let n = 0;
    for (const r of [...this.repliers.values()]) {
      if (r.tenantId === tenantId && (!filter.inboxId || r.inboxId === filter.inboxId)) n += Number(this.repliers.delete(r.id));
    }
    return n;
  }

  async addEvent(event: ReplierEventRecord): Promise<void> {
    this.events.set(event.id, copy(event));
  }

  async pageEvents(tenantId: string, filter: ReplierEventFilter, page: PageRequest): Promise<Slice<ReplierEventRecord>> {
    const matching = [...this.events.values()].filter((e) => e.tenantId === tenantId
      && (!filter.replierId || e.replierId === filter.replierId) && (!filter.inboxId || e.inboxId === filter.inboxId)
      && (!filter.emailId || e.emailId === filter.emailId) && (!filter.sentId || e.sentId === filter.sentId));
    return pageOf(ordered(matching, page.sort).map(copy), page);
  }

  async claimReply(replierId: string, sender: string, at: Date, windowStart: Date): Promise<boolean> {
    const key = `${replierId} ${sender}`;
    const last = this.replies.get(key);
    if (last !== undefined && last > windowStart.getTime()) return false;
    this.replies.set(key, at.getTime());
    return true;
  }

  async releaseReply(replierId: string, sender: string, at: Date): Promise<void> {
    const key = `${replierId} ${sender}`;
    if (this.replies.get(key) === at.getTime()) this.replies.delete(key);
  }
}
