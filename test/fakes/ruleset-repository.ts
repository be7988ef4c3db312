/** RulesetRepository in memory. */
import type { PageRequest } from '../../src/core/paging.js';
import type { RulesetFilter, RulesetRecord, RulesetRepository, RulesetScope, Slice } from '../../src/storage/ports.js';
import { contains, copy, inRange, ordered, pageOf, UniqueViolation } from './query.js';

export class FakeRulesetRepository implements RulesetRepository {
  private readonly rows = new Map<string, RulesetRecord>();

  async create(ruleset: RulesetRecord): Promise<void> {
    if (this.rows.has(ruleset.id)) throw new UniqueViolation(`rulesets.id ${ruleset.id}`);
    this.rows.set(ruleset.id, copy(ruleset));
  }

  async findById(tenantId: string, id: string): Promise<RulesetRecord | undefined> {
    const row = this.rows.get(id);
    return row && row.tenantId === tenantId ? copy(row) : undefined;
  }

  async page(tenantId: string, filter: RulesetFilter, page: PageRequest): Promise<Slice<RulesetRecord>> {
    const matching = [...this.rows.values()].filter((r) => r.tenantId === tenantId && inRange(r.createdAt, filter)
      && (filter.inboxId === undefined || r.inboxId === filter.inboxId) && (filter.phoneId === undefined || r.phoneId === filter.phoneId) && (!filter.search || contains(r.target, filter.search)));
    return pageOf(ordered(matching, page.sort).map(copy), page);
  }

  async applicable(tenantId: string, inboxId: string | null, scope?: RulesetScope, phoneId?: string | null): Promise<RulesetRecord[]> {
    const own = (r: RulesetRecord) => (r.inboxId === null && (r.phoneId ?? null) === null)
      || (inboxId !== null && r.inboxId === inboxId) || (Boolean(phoneId) && r.phoneId === phoneId);
    return ordered([...this.rows.values()].filter((r) => r.tenantId === tenantId && own(r)
      && (!scope || r.scope === scope))).map(copy);
  }

  async setActive(tenantId: string, id: string, active: boolean): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.tenantId !== tenantId) return false;
    row.active = active;
    return true;
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    const row = this.rows.get(id);
    return Boolean(row && row.tenantId === tenantId && this.rows.delete(id));
  }

  async deleteWhere(tenantId: string, filter: { inboxId?: string; phoneId?: string }): Promise<number> {
    let n = 0;
    for (const row of [...this.rows.values()]) {
      if (row.tenantId === tenantId && (filter.inboxId === undefined || row.inboxId === filter.inboxId)
        && (filter.phoneId === undefined || row.phoneId === filter.phoneId)) n += Number(this.rows.delete(row.id));
    }
    return n;
  }
}
