/** TotpDeviceRepository in memory. */
import type { PageRequest } from '../../src/core/paging.js';
import type { Slice, TotpDeviceChange, TotpDeviceFilter, TotpDeviceRecord, TotpDeviceRepository } from '../../src/storage/ports.js';
import { copy, ordered, pageOf, UniqueViolation } from './query.js';
import type { MemoryTables } from './tables.js';

const matches = (d: TotpDeviceRecord, f: TotpDeviceFilter): boolean =>
  (f.name === undefined || d.name === f.name) && (f.issuer === undefined || d.issuer === f.issuer) && (f.username === undefined || d.username === f.username);

export class FakeTotpDeviceRepository implements TotpDeviceRepository {
  constructor(private readonly tables: MemoryTables) {}

  async create(device: TotpDeviceRecord): Promise<void> {
    if (this.tables.totpDevices.has(device.id)) throw new UniqueViolation(`totp_devices.id ${device.id}`);
    this.tables.totpDevices.set(device.id, copy(device));
  }

  async findById(tenantId: string, id: string): Promise<TotpDeviceRecord | undefined> {
    const device = this.tables.totpDevices.get(id);
    return device && device.tenantId === tenantId ? copy(device) : undefined;
  }

  async findFirst(tenantId: string, filter: TotpDeviceFilter): Promise<TotpDeviceRecord | undefined> {
    const found = ordered([...this.tables.totpDevices.values()].filter((d) => d.tenantId === tenantId && matches(d, filter)), 'DESC')[0];
    return found && copy(found);
  }

  async page(tenantId: string, filter: TotpDeviceFilter, page: PageRequest): Promise<Slice<TotpDeviceRecord>> {
    const matching = [...this.tables.totpDevices.values()].filter((d) => d.tenantId === tenantId && matches(d, filter));
    return pageOf(ordered(matching, page.sort).map(copy), page);
  }

  async update(tenantId: string, id: string, change: TotpDeviceChange): Promise<boolean> {
    const device = this.tables.totpDevices.get(id);
    if (!device || device.tenantId !== tenantId) return false;
    this.tables.totpDevices.set(id, copy({ ...device, ...change }));
    return true;
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    const device = this.tables.totpDevices.get(id);
    if (!device || device.tenantId !== tenantId) return false;
    return this.tables.totpDevices.delete(id);
  }
}
