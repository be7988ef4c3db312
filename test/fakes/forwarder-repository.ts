/** ForwarderRepository in memory: forwarders and their events. */
import type { PageRequest } from '../../src/core/paging.js';
import type {
  ForwarderChange, ForwarderEventFilter, ForwarderEventRecord, ForwarderFilter, ForwarderRecord, ForwarderRepository, Slice,
} from '../../src/storage/ports.js';
import { copy, inRange, ordered, pageOf, UniqueViolation } from './query.js';

export class FakeForwarderRepository implements ForwarderRepository {
  readonly forwarders = new Map<string, ForwarderRecord>();
  readonly events = new Map<string, ForwarderEventRecord>();

  async create(forwarder: ForwarderRecord): Promise<void> {
    if (this.forwarders.has(forwarder.id)) throw new UniqueViolation(`inbox_forwarders.id ${forwarder.id}`);
    this.forwarders.set(forwarder.id, copy(forwarder));
  }

  async findById(tenantId: string, id: string): Promise<ForwarderRecord | undefined> {
    const found = this.forwarders.get(id);
    return found && found.tenantId === tenantId ? copy(found) : undefined;
  }

  async page(tenantId: string, filter: ForwarderFilter, page: PageRequest): Promise<Slice<ForwarderRecord>> {
    const search = filter.search?.toLowerCase();
    const matching = [...this.forwarders.values()].filter((f) => f.tenantId === tenantId && (!filter.inboxId || f.inboxId === filter.inboxId)
      && inRange(f.createdAt, filter)
      && (!search || [f.name, f.match, JSON.stringify(f.forwardTo), f.field, f.id].some((v) => (v ?? '').toLowerCase().includes(search))));
    return pageOf(ordered(matching, page.sort).map(copy), page);
  }

  async listForInbox(tenantId: string, inboxId: string): Promise<ForwarderRecord[]> {
    return ordered([...this.forwarders.values()].filter((f) => f.tenantId === tenantId && f.inboxId === inboxId)).map(copy);
  }

  async update(tenantId: string, id: string, change: ForwarderChange): Promise<boolean> {
    const found = this.forwarders.get(id);
    if (!found || found.tenantId !== tenantId) return false;
    this.forwarders.set(id, copy({ ...found, ...change }));
    return true;
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    const found = this.forwarders.get(id);
    return Boolean(found && found.tenantId === tenantId && this.forwarders.delete(id));
  }

  async deleteWhere(tenantId: string, filter: { inboxId?: string }): Promise<number> {
    let n = 0;
    for (const f of [...this.forwarders.values()]) {
      if (f.tenantId === tenantId && (!filter.inboxId || f.inboxId === filter.inboxId)) n += Number(this.forwarders.delete(f.id));
    }
    return n;
  }

  async addEvent(event: ForwarderEventRecord): Promise<void> {
    this.events.set(event.id, copy(event));
  }

  async findEvent(tenantId: string, id: string): Promise<ForwarderEventRecord | undefined> {
    const found = this.events.get(id);
    return found && found.tenantId === tenantId ? copy(found) : undefined;
  }

  async pageEvents(tenantId: string, filter: ForwarderEventFilter, page: PageRequest): Promise<Slice<ForwarderEventRecord>> {
    const matching = [...this.events.values()].filter((e) => e.tenantId === tenantId
      && (!filter.forwarderId || e.forwarderId === filter.forwarderId) && (!filter.inboxId || e.inboxId === filter.inboxId)
      && (!filter.emailId || e.emailId === filter.emailId) && (!filter.sentId || e.sentId === filter.sentId));
    return pageOf(ordered(matching, page.sort).map(copy), page);
  }
}
