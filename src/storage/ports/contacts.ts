/** Storage port of contacts and contact groups (ContactController, GroupController, send-time toContacts/toGroup). */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

export interface ContactRecord {
  id: string;
  tenantId: string;
  /**
   * the group named at creation, or the first one it joined since; when it leaves that group,
   * the one it joined first of those it is still in; null when in none
   */
  groupId: string | null;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  /** in the order given; the first is the primary address sends resolve to */
  emailAddresses: string[];
  tags: string[];
  metaData: Record<string, unknown> | null;
  optOut: boolean;
  createdAt: Date;
}

export interface ContactGroupRecord {
  id: string;
  tenantId: string;
  name: string;
  description: string | null;
  createdAt: Date;
}

export interface ContactFilter {
  /** only members of this group */
  groupId?: string;
  since?: Date;
  before?: Date;
  /** case-insensitive partial match on names, company, addresses and id */
  search?: string;
}

export interface ContactRepository {
  /**
   * Stores the contact (and its membership of `contact.groupId`, a group of the same tenant the
   * caller has checked) and records its 'contact.created' domain event in the same transaction.
   */
  createContact(contact: ContactRecord): Promise<void>;
  findContact(tenantId: string, id: string): Promise<ContactRecord | undefined>;
  /** those of `ids` the tenant owns, in no particular order */
  findContacts(tenantId: string, ids: string[]): Promise<ContactRecord[]>;
  /** every contact of the tenant, oldest first */
  listContacts(tenantId: string): Promise<ContactRecord[]>;
  pageContacts(tenantId: string, filter: ContactFilter, page: PageRequest): Promise<Slice<ContactRecord>>;
  /** removes the contact and its memberships; false when the tenant has no such contact */
  deleteContact(tenantId: string, id: string): Promise<boolean>;

  createGroup(group: ContactGroupRecord): Promise<void>;
  findGroup(tenantId: string, id: string): Promise<ContactGroupRecord | undefined>;
  listGroups(tenantId: string): Promise<ContactGroupRecord[]>;
  pageGroups(tenantId: string, filter: { since?: Date; before?: Date }, page: PageRequest): Promise<Slice<ContactGroupRecord>>;
  /** removes the group and its memberships; its contacts stay. false when there is no such group */
  deleteGroup(tenantId: string, id: string): Promise<boolean>;
  /**
   * Adds the contacts to the group in one transaction. When any id is not a contact of the
   * tenant nothing is written and those ids are answered as `missing`.
   */
  addMembers(tenantId: string, groupId: string, contactIds: string[]): Promise<{ missing: string[] }>;
  removeMembers(tenantId: string, groupId: string, contactIds: string[]): Promise<void>;
  /** the group's contacts, oldest first */
  membersOf(tenantId: string, groupId: string): Promise<ContactRecord[]>;
}
