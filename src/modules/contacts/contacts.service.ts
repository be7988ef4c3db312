import type { Clock } from '../../core/clock.js';
import { badRequest, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type SortDirection } from '../../core/paging.js';
import type { ContactGroupRecord, ContactRecord, ContactRepository } from '../../storage/ports.js';

/** The same form sending accepts: local@domain.tld, no spaces or brackets. */
const ADDRESS_RE = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

export interface ContactInput {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  emailAddresses?: string[] | null;
  tags?: string[] | null;
  metaData?: Record<string, unknown> | null;
  optOut?: boolean | null;
  groupId?: string | null;
}

export interface ListQuery {
  page?: number;
  size?: number;
  sort?: SortDirection;
  since?: Date;
  before?: Date;
  search?: string;
}

const text = (value: string | null | undefined) => value?.trim() || null;

/**
 * ContactController and GroupController: a user's contacts and groups of them (a contact may
 * be in several), and the send-time resolution of toContacts/toGroup to addresses.
 */
export class ContactService {
  constructor(private readonly repo: ContactRepository, private readonly clock: Clock) {}

  async create(tenantId: string, input: ContactInput): Promise<ContactRecord> {
    const emailAddresses = (input.emailAddresses ?? []).map((a) => a.trim()).filter(Boolean);
    const invalid = emailAddresses.filter((a) => !ADDRESS_RE.test(a));
    if (invalid.length > 0) throw badRequest(`emailAddresses has invalid addresses: ${invalid.join(', ')}`);
    const groupId = input.groupId ?? null;
    if (groupId !== null) await this.group(tenantId, groupId);
    const contact: ContactRecord = {
      id: newId(),
      tenantId,
      groupId,
      firstName: text(input.firstName),
      lastName: text(input.lastName),
      company: text(input.company),
      emailAddresses: [...new Set(emailAddresses)],
      tags: (input.tags ?? []).map((t) => t.trim()).filter(Boolean),
      metaData: input.metaData ?? null,
      optOut: input.optOut ?? false,
      createdAt: this.clock.now(),
    };
    await this.repo.createContact(contact);
    return contact;
  }

  async get(tenantId: string, id: string): Promise<ContactRecord> {
    const contact = await this.repo.findContact(tenantId, id);
    if (!contact) throw notFound(`No contact ${id}`);
    return contact;
  }

  list(tenantId: string): Promise<ContactRecord[]> {
    return this.repo.listContacts(tenantId);
  }

  async page(tenantId: string, query: ListQuery) {
    const request = pageRequest(query);
    const slice = await this.repo.pageContacts(tenantId, { since: query.since, before: query.before, search: query.search?.trim() || undefined }, request);
    return { slice, request };
  }

  async delete(tenantId: string, id: string): Promise<void> {
    if (!(await this.repo.deleteContact(tenantId, id))) throw notFound(`No contact ${id}`);
  }

  async createGroup(tenantId: string, input: { name: string; description?: string | null }): Promise<ContactGroupRecord> {
    const name = input.name.trim();
    if (!name) throw badRequest('name must not be blank');
    const group: ContactGroupRecord = { id: newId(), tenantId, name, description: text(input.description), createdAt: this.clock.now() };
    await this.repo.createGroup(group);
    return group;
  }

  async group(tenantId: string, id: string): Promise<ContactGroupRecord> {
    const group = await this.repo.findGroup(tenantId, id);
    if (!group) throw notFound(`No group ${id}`);
    return group;
  }

  groups(tenantId: string): Promise<ContactGroupRecord[]> {
    return this.repo.listGroups(tenantId);
  }

  async pageGroups(tenantId: string, query: ListQuery) {
    const request = pageRequest(query);
    return { slice: await this.repo.pageGroups(tenantId, { since: query.since, before: query.before }, request), request };
  }

  async deleteGroup(tenantId: string, id: string): Promise<void> {
    if (!(await this.repo.deleteGroup(tenantId, id))) throw notFound(`No group ${id}`);
  }

  /** The group and its contacts (getGroupWithContacts, and the answer of the membership changes). */
  async withContacts(tenantId: string, groupId: string): Promise<{ group: ContactGroupRecord; contacts: ContactRecord[] }> {
    const group = await this.group(tenantId, groupId);
    return { group, contacts: await this.repo.membersOf(tenantId, groupId) };
  }

  async pageOfGroup(tenantId: string, groupId: string, query: ListQuery) {
    await this.group(tenantId, groupId);
    const request = pageRequest(query);
    return { slice: await this.repo.pageContacts(tenantId, { groupId, since: query.since, before: query.before }, request), request };
  }

  /** Contacts that are not the caller's (another user's, or none) are a 404 naming them, and nothing is added. */
  async addToGroup(tenantId: string, groupId: string, contactIds: string[]) {
    await this.group(tenantId, groupId);
    const { missing } = await this.repo.addMembers(tenantId, groupId, contactIds);
    if (missing.length > 0) throw notFound(`No contacts ${missing.join(', ')}`);
    return this.withContacts(tenantId, groupId);
  }

  async removeFromGroup(tenantId: string, groupId: string, contactIds: string[]) {
    await this.group(tenantId, groupId);
    await this.contacts(tenantId, contactIds);
    await this.repo.removeMembers(tenantId, groupId, contactIds);
    return this.withContacts(tenantId, groupId);
  }

  /**
   * The addresses a send's toContacts and toGroup stand for: each contact's primary (first)
   * address, in the order given, without repeats. Ids that are not the caller's are a 404
   * naming them; a named contact without an address or opted out is a 400 naming it; the
   * group's members that opted out or have no address are left out.
   */
  async recipientsOf(tenantId: string, contactIds: string[], groupId: string | null): Promise<string[]> {
    const addresses: string[] = [];
    for (const contact of await this.contacts(tenantId, contactIds)) {
      if (contact.optOut) throw badRequest(`toContacts: contact ${contact.id} has opted out of email`);
      const address = contact.emailAddresses[0];
      if (!address) throw badRequest(`toContacts: contact ${contact.id} has no email address`);
      addresses.push(address);
    }
    if (groupId !== null) {
      const { contacts } = await this.withContacts(tenantId, groupId);
      for (const contact of contacts) if (!contact.optOut && contact.emailAddresses[0]) addresses.push(contact.emailAddresses[0]);
    }
    const seen = new Set<string>();
    return addresses.filter((a) => !seen.has(a.toLowerCase()) && seen.add(a.toLowerCase()));
  }

  /** The caller's contacts of `ids`, in that order; any other id is a 404 naming it. */
  private async contacts(tenantId: string, ids: string[]): Promise<ContactRecord[]> {
    const found = new Map((await this.repo.findContacts(tenantId, ids)).map((c) => [c.id, c]));
    const missing = [...new Set(ids)].filter((id) => !found.has(id));
    if (missing.length > 0) throw notFound(`No contacts ${missing.join(', ')}`);
    return [...new Set(ids)].map((id) => found.get(id)!);
  }
}
