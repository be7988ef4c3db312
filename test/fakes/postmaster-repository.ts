import type {
  PostmasterConnectionRecord, PostmasterDomainRecord, PostmasterRepository, PostmasterTrafficStatsRecord,
} from '../../src/storage/ports.js';

/** Postmaster connections, domains and traffic stats in memory, per tenant. */
export class FakePostmasterRepository implements PostmasterRepository {
  readonly connections = new Map<string, PostmasterConnectionRecord>();
  readonly domainRows = new Map<string, PostmasterDomainRecord>();
  readonly statRows = new Map<string, PostmasterTrafficStatsRecord>();

  async connection(tenantId: string) {
    const c = this.connections.get(tenantId);
    return c && { ...c };
  }
  async saveConnection(record: PostmasterConnectionRecord) {
    const existing = this.connections.get(record.tenantId);
    this.connections.set(record.tenantId, { ...record, createdAt: existing?.createdAt ?? record.createdAt });
  }
  async deleteConnection(tenantId: string) {
    for (const [k, d] of this.domainRows) if (d.tenantId === tenantId) this.domainRows.delete(k);
    for (const [k, s] of this.statRows) if (s.tenantId === tenantId) this.statRows.delete(k);
    return this.connections.delete(tenantId);
  }
  async domains(tenantId: string) {
    return [...this.domainRows.values()].filter((d) => d.tenantId === tenantId).sort((a, b) => a.domain.localeCompare(b.domain));
  }
  async saveDomains(tenantId: string, domains: Array<Omit<PostmasterDomainRecord, 'tenantId' | 'firstSeenAt'>>, at: Date) {
    for (const d of domains) {
      const key = `${tenantId}\n${d.domain}`;
      this.domainRows.set(key, { ...d, tenantId, firstSeenAt: this.domainRows.get(key)?.firstSeenAt ?? at });
    }
  }
  async trafficStats(tenantId: string, domain: string, range: { startDate?: string; endDate?: string }) {
    return [...this.statRows.values()]
      .filter((s) => s.tenantId === tenantId && s.domain === domain
        && (!range.startDate || s.reportDate >= range.startDate) && (!range.endDate || s.reportDate <= range.endDate))
      .sort((a, b) => a.reportDate.localeCompare(b.reportDate));
  }
  async saveTrafficStats(records: PostmasterTrafficStatsRecord[]) {
    for (const r of records) this.statRows.set(`${r.tenantId}\n${r.domain}\n${r.reportDate}`, { ...r });
  }
}
