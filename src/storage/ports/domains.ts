/** Storage port of domains. */
import type { InboxType } from './inboxes.js';

export interface DomainRecord {
  id: string;
  tenantId: string;
  domain: string;
  verified: boolean;
  inboxType: InboxType;
  createdAt: Date;
}

export interface DomainRepository {
  create(domain: DomainRecord): Promise<void>;
  findByName(tenantId: string, domain: string): Promise<DomainRecord | undefined>;
  findById(tenantId: string, id: string): Promise<DomainRecord | undefined>;
}
