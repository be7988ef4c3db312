/** Storage port of consent (double opt-in) records: one per tenant and recipient address. */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

/**
 * pending: a confirmation link was mailed and not yet followed; verified: the address
 * followed it; revoked: the user withdrew the consent (or forbade the address before asking).
 */
export type OptInState = 'pending' | 'verified' | 'revoked';

export interface OptInIdentityRecord {
  id: string;
  tenantId: string;
  /** lower-cased */
  emailAddress: string;
  state: OptInState;
  /** sha256 (hex) of the token of the last confirmation link mailed; null when none is open */
  tokenHash: string | null;
  /** when the last confirmation link was mailed; null when none ever was */
  requestedAt: Date | null;
  verifiedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface OptInIdentityRepository {
  find(tenantId: string, emailAddress: string): Promise<OptInIdentityRecord | undefined>;
  /** The identities of the tenant among these (lower-cased) addresses. */
  findMany(tenantId: string, emailAddresses: string[]): Promise<OptInIdentityRecord[]>;
  /** Across tenants: the identity whose open confirmation link has this token hash. */
  findByTokenHash(tokenHash: string): Promise<OptInIdentityRecord | undefined>;
  /** Inserts the record, or replaces the state, token and times of the tenant's record for its address (keeping its id and createdAt); answers the stored record. */
  upsert(record: OptInIdentityRecord): Promise<OptInIdentityRecord>;
  /** Removes the tenant's record for the address (a request that never went out leaves none). */
  remove(tenantId: string, emailAddress: string): Promise<void>;
  page(tenantId: string, page: PageRequest): Promise<Slice<OptInIdentityRecord>>;
}
