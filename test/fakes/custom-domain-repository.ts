import type { CustomDomainRecord, CustomDomainRepository, DomainHealthEventRecord } from '../../src/storage/ports.js';
import type { MemoryTables } from './tables.js';

const copy = <T>(value: T): T => structuredClone(value);

/**
 * In-memory custom domains. The `domains` table of MemoryTables (what FakeDomainRepository and
 * so the inbox service read) is kept in step, as both ports share one table in the database.
 */
export class FakeCustomDomainRepository implements CustomDomainRepository {
  readonly rows = new Map<string, CustomDomainRecord>();
  readonly events: DomainHealthEventRecord[] = [];

  constructor(private readonly tables: MemoryTables) {}

  private mirror(d: CustomDomainRecord): void {
    this.tables.domains.set(d.id, { id: d.id, tenantId: d.tenantId, domain: d.domain, verified: d.verified, inboxType: d.inboxType, createdAt: d.createdAt });
  }

  async create(domain: CustomDomainRecord): Promise<boolean> {
    if ([...this.tables.domains.values()].some((d) => d.domain === domain.domain)) return false;
    this.rows.set(domain.id, copy(domain));
    this.mirror(domain);
    return true;
  }

  async get(tenantId: string, id: string): Promise<CustomDomainRecord | undefined> {
    const row = this.rows.get(id);
    return row && row.tenantId === tenantId ? copy(row) : undefined;
  }

  async list(tenantId: string): Promise<CustomDomainRecord[]> {
    return [...this.rows.values()].filter((d) => d.tenantId === tenantId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id)).map(copy);
  }

  async findByName(domain: string): Promise<CustomDomainRecord | undefined> {
    const row = [...this.rows.values()].find((d) => d.domain === domain.toLowerCase());
    return row && copy(row);
  }

  async batch(afterId: string | null, limit: number): Promise<CustomDomainRecord[]> {
    return [...this.rows.values()].filter((d) => afterId === null || d.id > afterId).sort((a, b) => a.id.localeCompare(b.id)).slice(0, limit).map(copy);
  }

  async setCatchAll(tenantId: string, id: string, inboxId: string | null, now: Date): Promise<CustomDomainRecord | undefined> {
    const row = this.rows.get(id);
    if (!row || row.tenantId !== tenantId) return undefined;
    Object.assign(row, { catchAllInboxId: inboxId, updatedAt: now });
    return copy(row);
  }

  async recordCheck(tenantId: string, id: string, check: Parameters<CustomDomainRepository['recordCheck']>[2], events: DomainHealthEventRecord[]) {
    const row = this.rows.get(id);
    if (!row || row.tenantId !== tenantId) return undefined;
    Object.assign(row, {
      verified: check.verified, recordStates: { ...check.recordStates }, missingMessage: check.missingMessage, duplicateMessage: check.duplicateMessage,
      checkedAt: check.checkedAt, updatedAt: check.checkedAt,
    });
    this.mirror(row);
    this.events.push(...events.map(copy));
    return copy(row);
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.tenantId !== tenantId) return false;
    this.rows.delete(id);
    this.tables.domains.delete(id);
    for (let i = this.events.length - 1; i >= 0; i--) if (this.events[i]!.domainId === id) this.events.splice(i, 1);
    return true;
  }

  async healthEvents(tenantId: string, domainId: string, limit: number): Promise<DomainHealthEventRecord[]> {
    return this.events.filter((e) => e.tenantId === tenantId && e.domainId === domainId).reverse().slice(0, limit).map(copy);
  }
}
