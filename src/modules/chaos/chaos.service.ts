import type { Clock } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import type { ChaosRepository, InboxChaosRecord, InboxRepository } from '../../storage/ports.js';
import { normalizeRule, seededDraw, type StoredChaosRule } from './chaos.rules.js';
import type { ChaosRule } from './chaos.schemas.js';

/** An inbox's rules as the SMTP path reads them; `version` changes whenever they are set. */
export interface ActiveChaos {
  inboxId: string;
  version: number;
  rules: StoredChaosRule[];
}

/** What is logged of each injected failure (never addresses or bodies). */
export interface ChaosInjection {
  inboxId: string;
  mode: StoredChaosRule['mode'];
  stage: string;
  code?: number;
  delayMs?: number;
}

/** Most seeded rules whose draw counters one node keeps; past it the oldest start again from their first draw. */
const MAX_COUNTERS = 10_000;

/**
 * Chaos per inbox: the rules that make an inbox's SMTP answers fail on purpose (FAIL, DELAY,
 * GREYLIST, BOUNCE), set and read through the API, applied by ChaosInbound on the SMTP path.
 */
export class ChaosService {
  /** told of every failure injected (main.ts logs it at info) */
  injected: (event: ChaosInjection) => void = () => {};
  /** draws made per seeded rule, by inbox, version and rule index (this node's memory) */
  private readonly counters = new Map<string, number>();

  constructor(
    private readonly repo: ChaosRepository,
    private readonly inboxes: InboxRepository,
    private readonly clock: Clock,
    /** the draw of unseeded rules, in [0, 1) */
    private readonly random: () => number = Math.random,
  ) {}

  async get(tenantId: string, inboxId: string): Promise<InboxChaosRecord | { inboxId: string; rules: []; createdAt: null; updatedAt: null }> {
    await this.ownInbox(tenantId, inboxId);
    return (await this.repo.findByInbox(inboxId)) ?? { inboxId, rules: [], createdAt: null, updatedAt: null };
  }

  /** Replaces the inbox's rules (an empty list clears them, as delete does). */
  async set(tenantId: string, inboxId: string, rules: ChaosRule[]) {
    await this.ownInbox(tenantId, inboxId);
    const stored = rules.map(normalizeRule);
    if (stored.length === 0) {
      await this.repo.delete(tenantId, inboxId);
      return { inboxId, rules: [], createdAt: null, updatedAt: null };
    }
    const now = this.clock.now();
    return this.repo.put({ inboxId, tenantId, rules: stored, createdAt: now, updatedAt: now });
  }

  async delete(tenantId: string, inboxId: string): Promise<void> {
    await this.ownInbox(tenantId, inboxId);
    await this.repo.delete(tenantId, inboxId);
  }

  /** The inbox's rules for the SMTP path (any tenant's: the inbox was found by address). */
  async active(inboxId: string): Promise<ActiveChaos | undefined> {
    const record = await this.repo.findByInbox(inboxId);
    if (!record || record.rules.length === 0) return undefined;
    return { inboxId, version: record.updatedAt.getTime(), rules: record.rules as StoredChaosRule[] };
  }

  /** The next draw for one rule: seeded rules count their attempts, the others ask `random`. */
  draw(chaos: ActiveChaos, index: number): number {
    const rule = chaos.rules[index]!;
    if (rule.seed === undefined) return this.random();
    const key = `${chaos.inboxId}:${chaos.version}:${index}`;
    const n = this.counters.get(key) ?? 0;
    this.counters.delete(key);
    this.counters.set(key, n + 1);
    if (this.counters.size > MAX_COUNTERS) this.counters.delete(this.counters.keys().next().value!);
    return seededDraw(rule.seed, n);
  }

  greylistFirstSeen(inboxId: string, triple: string, now: Date, expireBefore: Date, maxEntries: number): Promise<Date> {
    return this.repo.greylistFirstSeen(inboxId, triple, now, expireBefore, maxEntries);
  }

  private async ownInbox(tenantId: string, inboxId: string): Promise<void> {
    if (!(await this.inboxes.findById(tenantId, inboxId))) throw notFound(`Inbox not found: ${inboxId}`);
  }
}
