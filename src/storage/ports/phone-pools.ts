/** Storage port of phone pools and their leases (PhoneController's pools). */

export interface PhonePoolRecord {
  id: string;
  tenantId: string;
  /** unique per tenant */
  name: string;
  description: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A pool with how many numbers it holds and how many of them are leased at the instant asked. */
export interface PhonePoolSummary extends PhonePoolRecord {
  memberCount: number;
  leasedMemberCount: number;
}

/** The number's side of a member or lease, read with it. */
export interface PooledPhone {
  phoneId: string;
  phoneNumber: string;
  phoneCountry: string;
  phoneName: string | null;
}

export interface PhonePoolLeaseRecord extends PooledPhone {
  id: string;
  tenantId: string;
  /** the pool it was acquired from */
  poolId: string;
  leaseName: string | null;
  leaseOwner: string | null;
  leasedAt: Date;
  expiresAt: Date;
}

export interface PhonePoolMemberRecord extends PooledPhone {
  id: string;
  poolId: string;
  createdAt: Date;
  /** the number's lease when one is active at the instant asked (from this pool or another) */
  lease: PhonePoolLeaseRecord | null;
}

export interface NewPhonePoolLease {
  id: string;
  leaseName: string | null;
  leaseOwner: string | null;
  leasedAt: Date;
  expiresAt: Date;
}

export interface PhonePoolRepository {
  /** false when the tenant already has a pool of that name */
  create(pool: PhonePoolRecord): Promise<boolean>;
  findById(tenantId: string, id: string): Promise<PhonePoolRecord | undefined>;
  findByName(tenantId: string, name: string): Promise<PhonePoolRecord | undefined>;
  /** the tenant's pools, oldest first, counted at `now` */
  list(tenantId: string, now: Date): Promise<PhonePoolSummary[]>;
  /** the pool's numbers, in the order they were added (added at once: in the order the numbers were made), with their leases active at `now` */
  members(tenantId: string, poolId: string, now: Date): Promise<PhonePoolMemberRecord[]>;
  /** 'name-taken': another pool of the tenant has the new name */
  update(tenantId: string, id: string, change: { name?: string; description?: string | null; updatedAt: Date }): Promise<'updated' | 'missing' | 'name-taken'>;
  /** the pool, its members and its leases (active ones are released with it); false when there is no such pool */
  delete(tenantId: string, id: string): Promise<boolean>;
  /** which of `phoneIds` are numbers of the tenant */
  ownedPhones(tenantId: string, phoneIds: string[]): Promise<Set<string>>;
  /** adds the numbers (of the tenant, checked by the caller) not in the pool yet */
  addMembers(tenantId: string, poolId: string, phoneIds: string[], at: Date): Promise<void>;
  /** adds every number of the tenant not in the pool yet */
  addAllMembers(tenantId: string, poolId: string, at: Date): Promise<void>;
  /** removes the number from the pool and ends its lease from this pool; false when it was not in it */
  removeMember(tenantId: string, poolId: string, phoneId: string): Promise<boolean>;
  /**
   * Leases one number of the pool that has no lease active at `lease.leasedAt`; undefined when
   * every one has. Atomic: two concurrent calls never lease the same number (one lease row per
   * number, guarded by a unique key).
   */
  acquire(tenantId: string, poolId: string, lease: NewPhonePoolLease): Promise<PhonePoolLeaseRecord | undefined>;
  /** ends the lease (active or expired); false when the pool has no such lease */
  release(tenantId: string, poolId: string, leaseId: string): Promise<boolean>;
  /** when the first lease active at `now` on a number of the pool ends, if any */
  nextExpiry(tenantId: string, poolId: string, now: Date): Promise<Date | undefined>;
}
