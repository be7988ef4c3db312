/** Storage port of inboxes, their tags and their creation ledger. */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

export type InboxType = 'HTTP' | 'SMTP';

export interface InboxRecord {
  id: string;
  tenantId: string;
  emailAddress: string;
  localPart: string;
  domain: string;
  domainId: string | null;
  name: string | null;
  description: string | null;
  favourite: boolean;
  inboxType: InboxType;
  virtualInbox: boolean;
  expiresAt: Date | null;
  createdAt: Date;
  tags: string[];
}

/** Filters shared by every inbox list; each is optional and they combine with AND. */
export interface InboxFilter {
  /** instead of the tenant's own rows, those of every member of this organisation (the getOrganization* lists) */
  organizationId?: string;
  favourite?: boolean;
  /** case-insensitive partial match on id, address, name and tags */
  search?: string;
  /** exact tag */
  tag?: string;
  /** createdAt strictly after */
  since?: Date;
  /** createdAt strictly before */
  before?: Date;
  inboxType?: InboxType;
  domainId?: string;
  name?: string;
  description?: string;
  /** only these inbox ids */
  ids?: string[];
  /** expiresAt at or before this time */
  expiredAt?: Date;
  /** only inboxes that have sent mail (a sent-email receipt): getOutboxes */
  withSentMail?: boolean;
}

export interface InboxUpdate {
  name?: string | null;
  description?: string | null;
  favourite?: boolean;
  expiresAt?: Date | null;
  tags?: string[];
}

export interface InboxRepository {
  /** Stores the inbox, its tags and a creation-ledger row in one transaction. */
  create(inbox: InboxRecord): Promise<void>;
  findById(tenantId: string, id: string): Promise<InboxRecord | undefined>;
  /** Across all tenants: addresses are unique service-wide (mail is routed by them). */
  findByAddress(emailAddress: string): Promise<InboxRecord | undefined>;
  findByName(tenantId: string, name: string): Promise<InboxRecord | undefined>;
  update(tenantId: string, id: string, update: InboxUpdate): Promise<InboxRecord | undefined>;
  /** Deletes matching inboxes of the tenant (with everything they own); returns their ids. */
  deleteWhere(tenantId: string, filter: InboxFilter & { id?: string }): Promise<string[]>;
  page(tenantId: string, filter: InboxFilter, page: PageRequest): Promise<Slice<InboxRecord>>;
  /** Up to `limit` inboxes, no total: for the capped getInboxes list. */
  list(tenantId: string, filter: InboxFilter, sort: PageRequest['sort'], limit: number): Promise<InboxRecord[]>;
  count(tenantId: string, filter?: InboxFilter): Promise<number>;
  idsAndAddresses(tenantId: string): Promise<Array<{ id: string; emailAddress: string }>>;
  /** Distinct tags of the tenant's inboxes, optionally narrowed by a partial match. */
  tags(tenantId: string, search: string | undefined, page: PageRequest): Promise<Slice<string>>;
  /** Inboxes created by the tenant at or after `since`, deleted ones included. */
  countCreatedSince(tenantId: string, since: Date): Promise<number>;
}
