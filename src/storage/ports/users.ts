/** Storage port of users (tenants). */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

export interface UserRecord {
  id: string;
  email: string;
  name: string | null;
  /** a server administrator (the admin API); not the same as an organisation admin */
  isAdmin: boolean;
  createdAt: Date;
  /** the organisation the user belongs to; null = none (a user alone) */
  organizationId: string | null;
  /** its role in that organisation; null outside one */
  orgRole: OrgRole | null;
  /** false = deactivated: every API key of the user is refused until it is active again */
  active: boolean;
}

export type OrgRole = 'ADMIN' | 'MEMBER';

/** A user as created: outside any organisation and active unless said otherwise. */
export type NewUserRecord = Omit<UserRecord, 'organizationId' | 'orgRole' | 'active'> & Partial<Pick<UserRecord, 'organizationId' | 'orgRole' | 'active'>>;

export interface UserRepository {
  create(user: NewUserRecord): Promise<void>;
  findById(id: string): Promise<UserRecord | undefined>;
  findByEmail(email: string): Promise<UserRecord | undefined>;
  findFirstAdmin(): Promise<UserRecord | undefined>;
  list(page: PageRequest): Promise<Slice<UserRecord>>;
}
