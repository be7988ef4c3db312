import { pageOffset } from '../../src/core/paging.js';
import type { InboxRetentionPolicyRecord, InboxRetentionRepository, InboxRetentionRunRecord } from '../../src/storage/ports.js';

/** InboxRetentionRepository in memory: one policy per (tenant, scope), runs kept as saved. */
export class FakeInboxRetentionRepository implements InboxRetentionRepository {
  readonly policies: InboxRetentionPolicyRecord[] = [];
  readonly runs: InboxRetentionRunRecord[] = [];

  async upsert(record: InboxRetentionPolicyRecord) {
    const existing = this.policies.find((p) => p.tenantId === record.tenantId && p.scope === record.scope);
    if (existing) {
      existing.retentionDays = record.retentionDays;
      existing.updatedAt = record.updatedAt;
      return { ...existing };
    }
    this.policies.push({ ...record });
    return { ...record };
  }
  async findByScope(tenantId: string, scope: string) {
    const found = this.policies.find((p) => p.tenantId === tenantId && p.scope === scope);
    return found && { ...found };
  }
  async findById(tenantId: string, id: string) {
    const found = this.policies.find((p) => p.tenantId === tenantId && p.id === id);
    return found && { ...found };
  }
  async update(tenantId: string, id: string, retentionDays: number, at: Date) {
    const found = this.policies.find((p) => p.tenantId === tenantId && p.id === id);
    if (!found) return undefined;
    found.retentionDays = retentionDays;
    found.updatedAt = at;
    return { ...found };
  }
  async delete(tenantId: string, id: string) {
    const index = this.policies.findIndex((p) => p.tenantId === tenantId && p.id === id);
    if (index < 0) return false;
    this.policies.splice(index, 1);
    return true;
  }
  async listForTenant(tenantId: string) {
    return this.policies.filter((p) => p.tenantId === tenantId).map((p) => ({ ...p }));
  }
  async tenantsWithPolicies() {
    return [...new Set(this.policies.map((p) => p.tenantId))].sort();
  }
  async createRun(run: InboxRetentionRunRecord) {
    this.runs.push(structuredClone(run));
  }
  async saveRun(run: InboxRetentionRunRecord) {
    const index = this.runs.findIndex((r) => r.id === run.id && r.tenantId === run.tenantId);
    if (index >= 0) this.runs[index] = structuredClone(run);
  }
  async findRun(tenantId: string, id: string) {
    const found = this.runs.find((r) => r.tenantId === tenantId && r.id === id);
    return found && structuredClone(found);
  }
  async pageRuns(tenantId: string, page: { page: number; size: number; sort: 'ASC' | 'DESC' }) {
    const mine = this.runs.filter((r) => r.tenantId === tenantId)
      .sort((a, b) => (a.createdAt.getTime() - b.createdAt.getTime()) * (page.sort === 'DESC' ? -1 : 1));
    const start = pageOffset(page);
    return { items: mine.slice(start, start + page.size).map((r) => structuredClone(r)), total: mine.length };
  }
}
