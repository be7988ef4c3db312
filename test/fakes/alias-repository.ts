/** AliasRepository in memory: aliases, their pending verification tokens and their threads. */
import type { PageRequest } from '../../src/core/paging.js';
import type { AliasFilter, AliasRecord, AliasRepository, AliasRoute, AliasThreadFilter, AliasThreadRecord, Slice } from '../../src/storage/ports.js';
import { contains, copy, inRange, ordered, pageOf, UniqueViolation } from './query.js';

export class FakeAliasRepository implements AliasRepository {
  private readonly aliases = new Map<string, { alias: AliasRecord; tokenSha256: string | null }>();
  private readonly threads = new Map<string, AliasThreadRecord>();

  private own(tenantId: string, id: string): AliasRecord | undefined {
    const row = this.aliases.get(id);
    return row && row.alias.tenantId === tenantId ? row.alias : undefined;
  }

  async create(alias: AliasRecord, verifyTokenSha256: string | null): Promise<void> {
    if (this.aliases.has(alias.id)) throw new UniqueViolation(`aliases.id ${alias.id}`);
    this.aliases.set(alias.id, { alias: copy(alias), tokenSha256: verifyTokenSha256 });
  }

  async findById(tenantId: string, id: string): Promise<AliasRecord | undefined> {
    const alias = this.own(tenantId, id);
    return alias && copy(alias);
  }

  async findByInbox(tenantId: string, inboxId: string): Promise<AliasRecord | undefined> {
    const row = [...this.aliases.values()].find(({ alias }) => alias.tenantId === tenantId && alias.inboxId === inboxId);
    return row && copy(row.alias);
  }

  async findByVerifyToken(tokenSha256: string): Promise<AliasRecord | undefined> {
    const row = [...this.aliases.values()].find((r) => r.tokenSha256 === tokenSha256);
    return row && copy(row.alias);
  }

  async page(tenantId: string, filter: AliasFilter, page: PageRequest): Promise<Slice<AliasRecord>> {
    const matching = [...this.aliases.values()].map((r) => r.alias).filter((a) => a.tenantId === tenantId && inRange(a.createdAt, filter)
      && (!filter.search || [a.name ?? '', a.aliasAddress, a.hiddenAddress, a.id].some((v) => contains(v, filter.search!))));
    return pageOf(ordered(matching, page.sort).map(copy), page);
  }

  async rename(tenantId: string, id: string, name: string | null, at: Date): Promise<boolean> {
    const alias = this.own(tenantId, id);
    if (!alias) return false;
    Object.assign(alias, { name, updatedAt: at });
    return true;
  }

  async verify(tenantId: string, id: string, tokenSha256: string, at: Date): Promise<boolean> {
    const row = this.aliases.get(id);
    if (!row || row.alias.tenantId !== tenantId || row.tokenSha256 !== tokenSha256) return false;
    row.tokenSha256 = null;
    Object.assign(row.alias, { verified: true, updatedAt: at });
    return true;
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    if (!this.own(tenantId, id)) return false;
    this.aliases.delete(id);
    for (const [threadId, thread] of this.threads) if (thread.aliasId === id) this.threads.delete(threadId);
    return true;
  }

  async createThread(thread: AliasThreadRecord): Promise<boolean> {
    if ([...this.threads.values()].some((t) => t.aliasId === thread.aliasId && t.sender === thread.sender)) return false;
    this.threads.set(thread.id, copy(thread));
    return true;
  }

  async findThread(tenantId: string, id: string): Promise<AliasThreadRecord | undefined> {
    const thread = this.threads.get(id);
    return thread && thread.tenantId === tenantId ? copy(thread) : undefined;
  }

  async findThreadBySender(tenantId: string, aliasId: string, sender: string): Promise<AliasThreadRecord | undefined> {
    const thread = [...this.threads.values()].find((t) => t.tenantId === tenantId && t.aliasId === aliasId && t.sender === sender);
    return thread && copy(thread);
  }

  async routesOfInbox(tenantId: string, inboxId: string): Promise<AliasRoute[]> {
    const own = [...this.aliases.values()].filter(({ alias: a }) => a.tenantId === tenantId && a.inboxId === inboxId)
      .map(({ alias: a }) => ({ alias: copy(a), threadId: null }));
    const viaThreads = [...this.threads.values()].filter((t) => t.tenantId === tenantId && t.inboxId === inboxId)
      .flatMap((t) => {
        const owner = this.own(tenantId, t.aliasId);
        return owner ? [{ alias: copy(owner), threadId: t.id }] : [];
      });
    return [...own, ...viaThreads];
  }

  async findThreadByInbox(tenantId: string, inboxId: string): Promise<AliasThreadRecord | undefined> {
    const thread = [...this.threads.values()].find((t) => t.tenantId === tenantId && t.inboxId === inboxId);
    return thread && copy(thread);
  }

  async threadInboxIds(tenantId: string, aliasId: string): Promise<string[]> {
    return [...this.threads.values()].filter((t) => t.tenantId === tenantId && t.aliasId === aliasId).map((t) => t.inboxId);
  }

  async pageThreads(tenantId: string, filter: AliasThreadFilter, page: PageRequest): Promise<Slice<AliasThreadRecord>> {
    const matching = [...this.threads.values()].filter((t) => t.tenantId === tenantId && inRange(t.createdAt, filter)
      && (filter.aliasId === undefined || t.aliasId === filter.aliasId));
    return pageOf(ordered(matching, page.sort).map(copy), page);
  }
}
