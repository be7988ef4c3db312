/** PlusAddressRepository in memory: one record per inbox and full address, as the SQL unique key keeps it. */
import type { PageRequest } from '../../src/core/paging.js';
import type { PlusAddressFilter, PlusAddressRecord, PlusAddressRepository, Slice } from '../../src/storage/ports.js';
import { copy, ordered, pageOf } from './query.js';

export class FakePlusAddressRepository implements PlusAddressRepository {
  readonly records = new Map<string, PlusAddressRecord>();

  async getOrCreate(record: PlusAddressRecord): Promise<PlusAddressRecord> {
    const found = await this.findByAddress(record.tenantId, record.inboxId, record.fullAddress);
    if (found) return found;
    this.records.set(record.id, copy(record));
    return copy(record);
  }

  async findById(tenantId: string, id: string): Promise<PlusAddressRecord | undefined> {
    const found = this.records.get(id);
    return found && found.tenantId === tenantId ? copy(found) : undefined;
  }

  async findByAddress(tenantId: string, inboxId: string, fullAddress: string): Promise<PlusAddressRecord | undefined> {
    const found = [...this.records.values()].find((r) => r.tenantId === tenantId && r.inboxId === inboxId && r.fullAddress === fullAddress);
    return found && copy(found);
  }

  async page(tenantId: string, filter: PlusAddressFilter, page: PageRequest): Promise<Slice<PlusAddressRecord>> {
    const matching = [...this.records.values()].filter((r) => r.tenantId === tenantId && (filter.inboxId === undefined || r.inboxId === filter.inboxId));
    return pageOf(ordered(matching, page.sort).map(copy), page);
  }
}
