/** Storage port of users (tenants). */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

export interface UserRecord {
  id: string;
  email: string;
  name: string | null;
  isAdmin: boolean;
  createdAt: Date;
}

export interface UserRepository {
  create(user: UserRecord): Promise<void>;
  findById(id: string): Promise<UserRecord | undefined>;
  findByEmail(email: string): Promise<UserRecord | undefined>;
  findFirstAdmin(): Promise<UserRecord | undefined>;
  list(page: PageRequest): Promise<Slice<UserRecord>>;
}
