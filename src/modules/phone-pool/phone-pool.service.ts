import type { Clock } from '../../core/clock.js';
import { badRequest, conflict, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { EventBus } from '../../events/bus.js';
import { effectiveTimeout, waitForEvent } from '../../events/wait.js';
import type { PhonePoolLeaseRecord, PhonePoolMemberRecord, PhonePoolRecord, PhonePoolRepository, PhonePoolSummary } from '../../storage/ports.js';
import { DEFAULT_LEASE_MILLIS, MAX_LEASE_MILLIS } from './phone-pool.schemas.js';

export interface PoolInput {
  name: string;
  description?: string | null;
}

export interface LeaseInput {
  leaseName?: string | null;
  leaseOwner?: string | null;
  leaseDurationMillis?: number | null;
  /** how long to hold the request for a number to become free (0 or none: answer at once) */
  acquireTimeoutMillis?: number | null;
  /** the caller left: stop waiting */
  signal?: AbortSignal;
}

/** A pool with its numbers, each with its lease active at `at` (if any). */
export interface PoolDetail {
  pool: PhonePoolRecord;
  members: PhonePoolMemberRecord[];
}

/**
 * Phone pools (PhoneController): a user's numbers grouped under a name, leased one test at a
 * time. A lease ends when released, when its number leaves the pool, when the pool is deleted or
 * when its expiry passes (checked when the next acquire looks; no sweeper). A held acquire
 * (acquireTimeoutMillis) wakes on phone-pool.freed, on every node, or at the first expiry.
 */
export class PhonePoolService {
  constructor(
    private readonly pools: PhonePoolRepository,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  async create(tenantId: string, input: PoolInput): Promise<PoolDetail> {
    const name = poolName(input.name);
    const now = this.clock.now();
    const pool: PhonePoolRecord = { id: newId(), tenantId, name, description: blankToNull(input.description), createdAt: now, updatedAt: now };
    if (!(await this.pools.create(pool))) throw conflict(`You already have a phone pool named ${name}; use getOrCreatePhonePool or another name`);
    return { pool, members: [] };
  }

  async getOrCreate(tenantId: string, input: PoolInput): Promise<PoolDetail> {
    const name = poolName(input.name);
    for (;;) {
      const found = await this.pools.findByName(tenantId, name);
      if (found) return this.detailOf(found);
      const now = this.clock.now();
      const pool: PhonePoolRecord = { id: newId(), tenantId, name, description: blankToNull(input.description), createdAt: now, updatedAt: now };
      // false: a concurrent call made it first; read theirs
      if (await this.pools.create(pool)) return { pool, members: [] };
    }
  }

  async list(tenantId: string): Promise<PhonePoolSummary[]> {
    return this.pools.list(tenantId, this.clock.now());
  }

  async get(tenantId: string, poolId: string): Promise<PoolDetail> {
    return this.detailOf(await this.pool(tenantId, poolId));
  }

  async getByName(tenantId: string, name: string): Promise<PoolDetail> {
    const pool = await this.pools.findByName(tenantId, name.trim());
    if (!pool) throw notFound(`No phone pool named ${name}`);
    return this.detailOf(pool);
  }

  async update(tenantId: string, poolId: string, input: { name?: string | null; description?: string | null }): Promise<PoolDetail> {
    const change = {
      ...(input.name !== undefined && input.name !== null ? { name: poolName(input.name) } : {}),
      ...(input.description !== undefined ? { description: blankToNull(input.description) } : {}),
      updatedAt: this.clock.now(),
    };
    const outcome = await this.pools.update(tenantId, poolId, change);
    if (outcome === 'missing') throw notFound(`No phone pool ${poolId}`);
    if (outcome === 'name-taken') throw conflict(`You already have a phone pool named ${change.name}`);
    return this.get(tenantId, poolId);
  }

  /** Deletes the pool; its active leases end with it. */
  async delete(tenantId: string, poolId: string): Promise<void> {
    if (!(await this.pools.delete(tenantId, poolId))) throw notFound(`No phone pool ${poolId}`);
    this.freed(tenantId, poolId);
  }

  async addNumbers(tenantId: string, poolId: string, phoneIds: string[]): Promise<PoolDetail> {
    const pool = await this.pool(tenantId, poolId);
    const owned = await this.pools.ownedPhones(tenantId, phoneIds);
    const missing = phoneIds.filter((id) => !owned.has(id));
    if (missing.length > 0) throw notFound(`No phone number ${missing.join(', ')}`);
    await this.pools.addMembers(tenantId, pool.id, phoneIds, this.clock.now());
    this.freed(tenantId, pool.id);
    return this.detailOf(pool);
  }

  async addAllNumbers(tenantId: string, poolId: string): Promise<PoolDetail> {
    const pool = await this.pool(tenantId, poolId);
    await this.pools.addAllMembers(tenantId, pool.id, this.clock.now());
    this.freed(tenantId, pool.id);
    return this.detailOf(pool);
  }

  /** Takes the number out of the pool; its lease from this pool ends. */
  async removeNumber(tenantId: string, poolId: string, phoneId: string): Promise<void> {
    const pool = await this.pool(tenantId, poolId);
    if (!(await this.pools.removeMember(tenantId, pool.id, phoneId))) throw notFound(`Phone number ${phoneId} is not in phone pool ${pool.name}`);
    this.freed(tenantId, pool.id);
  }

  /**
   * Leases one free number of the pool: one never leased, released, or whose lease expired.
   * Every number leased: held up to acquireTimeoutMillis for one to be freed or to expire,
   * then 409.
   */
  async acquire(tenantId: string, poolId: string, input: LeaseInput): Promise<PhonePoolLeaseRecord> {
    const pool = await this.pool(tenantId, poolId);
    const duration = input.leaseDurationMillis ?? DEFAULT_LEASE_MILLIS;
    if (!Number.isInteger(duration) || duration < 1 || duration > MAX_LEASE_MILLIS) {
      throw badRequest(`leaseDurationMillis must be an integer from 1 to ${MAX_LEASE_MILLIS} (7 days)`);
    }
    const attempt = async () => {
      const now = this.clock.now();
      return this.pools.acquire(tenantId, pool.id, {
        id: newId(), leaseName: blankToNull(input.leaseName), leaseOwner: blankToNull(input.leaseOwner),
        leasedAt: now, expiresAt: new Date(now.getTime() + duration),
      });
    };
    const first = await attempt();
    if (first) return first;
    const timeoutMs = effectiveTimeout(this.bus, input.acquireTimeoutMillis ?? 0);
    const deadline = Date.now() + timeoutMs;
    while (timeoutMs > 0 && !input.signal?.aborted) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) break;
      const now = this.clock.now();
      const nextExpiry = await this.pools.nextExpiry(tenantId, pool.id, now);
      const untilExpiry = nextExpiry ? Math.max(nextExpiry.getTime() - now.getTime(), 0) : remaining;
      const found = await waitForEvent(this.bus, 'phone-pool.freed', (event) => event.tenantId === tenantId, Math.min(remaining, untilExpiry),
        () => attempt(), { signal: input.signal });
      if (found) return found;
    }
    // the pool may have been deleted while the request was held
    await this.pool(tenantId, pool.id);
    const members = await this.pools.members(tenantId, pool.id, this.clock.now());
    if (members.length === 0) throw conflict(`Phone pool ${pool.name} has no numbers to lease; add some with addPhoneNumbersToPhonePool`);
    const ends = members.map((m) => m.lease?.expiresAt.getTime() ?? Infinity);
    const firstEnd = new Date(Math.min(...ends)).toISOString();
    const waited = timeoutMs > 0 ? `, and none was freed within ${timeoutMs} ms` : '';
    throw conflict(`Every number of phone pool ${pool.name} is leased (${members.length} numbers)${waited}; `
      + `release a lease, wait for one to expire (the first at ${firstEnd}) or pass acquireTimeoutMillis to wait for one`);
  }

  async release(tenantId: string, poolId: string, leaseId: string): Promise<void> {
    const pool = await this.pool(tenantId, poolId);
    if (!(await this.pools.release(tenantId, pool.id, leaseId))) throw notFound(`No lease ${leaseId} in phone pool ${pool.name}`);
    this.freed(tenantId, pool.id);
  }

  private async pool(tenantId: string, poolId: string): Promise<PhonePoolRecord> {
    const pool = await this.pools.findById(tenantId, poolId);
    if (!pool) throw notFound(`No phone pool ${poolId}`);
    return pool;
  }

  private async detailOf(pool: PhonePoolRecord): Promise<PoolDetail> {
    return { pool, members: await this.pools.members(pool.tenantId, pool.id, this.clock.now()) };
  }

  private freed(tenantId: string, poolId: string): void {
    this.bus.publish('phone-pool.freed', { tenantId, inboxId: '', poolId, createdAt: this.clock.now() });
  }
}

const blankToNull = (text: string | null | undefined): string | null => (text?.trim() ? text.trim() : null);

function poolName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw badRequest('A phone pool needs a name that is not blank');
  return trimmed;
}
