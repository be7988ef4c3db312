/**
 * Phone pools and leases in memory. The numbers the pools hold are given with `addPhone`
 * (the phone number repository has no fake); deleting one with `deletePhone` takes it out of
 * its pools and ends its lease, as the foreign keys do in SQL.
 */
import { randomUUID } from 'node:crypto';
import type {
  NewPhonePoolLease, PhoneNumberRecord, PhonePoolLeaseRecord, PhonePoolMemberRecord, PhonePoolRecord, PhonePoolRepository, PhonePoolSummary,
} from '../../src/storage/ports.js';

interface Member { id: string; tenantId: string; poolId: string; phoneId: string; createdAt: Date }
interface Lease extends NewPhonePoolLease { tenantId: string; poolId: string; phoneId: string }

export class FakePhonePoolRepository implements PhonePoolRepository {
  readonly pools = new Map<string, PhonePoolRecord>();
  readonly memberRows: Member[] = [];
  /** by phone id: one lease row per number */
  readonly leases = new Map<string, Lease>();
  readonly phones = new Map<string, PhoneNumberRecord>();

  addPhone(phone: PhoneNumberRecord): void {
    this.phones.set(phone.id, phone);
  }

  deletePhone(phoneId: string): void {
    this.phones.delete(phoneId);
    this.leases.delete(phoneId);
    this.memberRows.splice(0, this.memberRows.length, ...this.memberRows.filter((m) => m.phoneId !== phoneId));
  }

  async create(pool: PhonePoolRecord) {
    if ([...this.pools.values()].some((p) => p.tenantId === pool.tenantId && p.name === pool.name)) return false;
    this.pools.set(pool.id, { ...pool });
    return true;
  }

  async findById(tenantId: string, id: string) {
    const pool = this.pools.get(id);
    return pool?.tenantId === tenantId ? { ...pool } : undefined;
  }

  async findByName(tenantId: string, name: string) {
    const pool = [...this.pools.values()].find((p) => p.tenantId === tenantId && p.name === name);
    return pool && { ...pool };
  }

  async list(tenantId: string, now: Date): Promise<PhonePoolSummary[]> {
    const pools = [...this.pools.values()].filter((p) => p.tenantId === tenantId).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    return Promise.all(pools.map(async (pool) => {
      const members = await this.members_(tenantId, pool.id, now);
      return { ...pool, memberCount: members.length, leasedMemberCount: members.filter((m) => m.lease).length };
    }));
  }

  members(tenantId: string, poolId: string, now: Date): Promise<PhonePoolMemberRecord[]> {
    return this.members_(tenantId, poolId, now);
  }

  async update(tenantId: string, id: string, change: { name?: string; description?: string | null; updatedAt: Date }) {
    const pool = this.pools.get(id);
    if (!pool || pool.tenantId !== tenantId) return 'missing' as const;
    if (change.name !== undefined && [...this.pools.values()].some((p) => p.id !== id && p.tenantId === tenantId && p.name === change.name)) return 'name-taken' as const;
    Object.assign(pool, change);
    return 'updated' as const;
  }

  async delete(tenantId: string, id: string) {
    const pool = this.pools.get(id);
    if (!pool || pool.tenantId !== tenantId) return false;
    this.pools.delete(id);
    this.memberRows.splice(0, this.memberRows.length, ...this.memberRows.filter((m) => m.poolId !== id));
    for (const [phoneId, lease] of this.leases) if (lease.poolId === id) this.leases.delete(phoneId);
    return true;
  }

  async ownedPhones(tenantId: string, phoneIds: string[]) {
    return new Set(phoneIds.filter((id) => this.phones.get(id)?.tenantId === tenantId));
  }

  async addMembers(tenantId: string, poolId: string, phoneIds: string[], at: Date) {
    for (const phoneId of new Set(phoneIds)) {
      if (!this.memberRows.some((m) => m.poolId === poolId && m.phoneId === phoneId)) this.memberRows.push({ id: randomUUID(), tenantId, poolId, phoneId, createdAt: at });
    }
  }

  async addAllMembers(tenantId: string, poolId: string, at: Date) {
    await this.addMembers(tenantId, poolId, [...this.phones.values()].filter((p) => p.tenantId === tenantId).map((p) => p.id), at);
  }

  async removeMember(tenantId: string, poolId: string, phoneId: string) {
    const index = this.memberRows.findIndex((m) => m.tenantId === tenantId && m.poolId === poolId && m.phoneId === phoneId);
    if (index < 0) return false;
    this.memberRows.splice(index, 1);
    if (this.leases.get(phoneId)?.poolId === poolId) this.leases.delete(phoneId);
    return true;
  }

  async acquire(tenantId: string, poolId: string, lease: NewPhonePoolLease) {
    const free = this.memberRows.find((m) => m.tenantId === tenantId && m.poolId === poolId && !this.activeLease(m.phoneId, lease.leasedAt));
    if (!free) return undefined;
    this.leases.set(free.phoneId, { ...lease, tenantId, poolId, phoneId: free.phoneId });
    return this.toLease(this.leases.get(free.phoneId)!);
  }

  async release(tenantId: string, poolId: string, leaseId: string) {
    for (const [phoneId, lease] of this.leases) {
      if (lease.id === leaseId && lease.tenantId === tenantId && lease.poolId === poolId) {
        this.leases.delete(phoneId);
        return true;
      }
    }
    return false;
  }

  async nextExpiry(tenantId: string, poolId: string, now: Date) {
    const ends = this.memberRows.filter((m) => m.tenantId === tenantId && m.poolId === poolId)
      .map((m) => this.activeLease(m.phoneId, now)?.expiresAt.getTime())
      .filter((t): t is number => t !== undefined);
    return ends.length > 0 ? new Date(Math.min(...ends)) : undefined;
  }

  private activeLease(phoneId: string, now: Date): Lease | undefined {
    const lease = this.leases.get(phoneId);
    return lease && lease.expiresAt.getTime() > now.getTime() ? lease : undefined;
  }

  private phoneOf(phoneId: string) {
    const phone = this.phones.get(phoneId)!;
    return { phoneId, phoneNumber: phone.phoneNumber, phoneCountry: phone.phoneCountry, phoneName: phone.name };
  }

  private toLease(lease: Lease): PhonePoolLeaseRecord {
    return {
      id: lease.id, tenantId: lease.tenantId, poolId: lease.poolId, ...this.phoneOf(lease.phoneId),
      leaseName: lease.leaseName, leaseOwner: lease.leaseOwner, leasedAt: lease.leasedAt, expiresAt: lease.expiresAt,
    };
  }

  private async members_(tenantId: string, poolId: string, now: Date): Promise<PhonePoolMemberRecord[]> {
    return this.memberRows.filter((m) => m.tenantId === tenantId && m.poolId === poolId).map((m) => {
      const lease = this.activeLease(m.phoneId, now);
      return { id: m.id, poolId, createdAt: m.createdAt, ...this.phoneOf(m.phoneId), lease: lease ? this.toLease(lease) : null };
    });
  }
}
