/** OptInIdentityRepository in memory: one record per tenant and address, as the SQL unique key keeps it. */
import type { PageRequest } from '../../src/core/paging.js';
import type { OptInIdentityRecord, OptInIdentityRepository, Slice } from '../../src/storage/ports.js';
import { copy, ordered, pageOf } from './query.js';

export class FakeOptInIdentityRepository implements OptInIdentityRepository {
  /** by `${tenantId} ${emailAddress}` */
  readonly records = new Map<string, OptInIdentityRecord>();

  async find(tenantId: string, emailAddress: string): Promise<OptInIdentityRecord | undefined> {
    const found = this.records.get(`${tenantId} ${emailAddress}`);
    return found && copy(found);
  }

  async findMany(tenantId: string, emailAddresses: string[]): Promise<OptInIdentityRecord[]> {
    return [...new Set(emailAddresses)].map((a) => this.records.get(`${tenantId} ${a}`)).filter((r) => r !== undefined).map((r) => copy(r!));
  }

  async findByTokenHash(tokenHash: string): Promise<OptInIdentityRecord | undefined> {
    const found = [...this.records.values()].find((r) => r.tokenHash === tokenHash);
    return found && copy(found);
  }

  async upsert(record: OptInIdentityRecord): Promise<OptInIdentityRecord> {
    const key = `${record.tenantId} ${record.emailAddress}`;
    const before = this.records.get(key);
    this.records.set(key, copy(before ? { ...record, id: before.id, createdAt: before.createdAt } : record));
    return copy(this.records.get(key)!);
  }

  async remove(tenantId: string, emailAddress: string): Promise<void> {
    this.records.delete(`${tenantId} ${emailAddress}`);
  }

  async page(tenantId: string, page: PageRequest): Promise<Slice<OptInIdentityRecord>> {
    return pageOf(ordered([...this.records.values()].filter((r) => r.tenantId === tenantId), page.sort).map(copy), page);
  }
}
