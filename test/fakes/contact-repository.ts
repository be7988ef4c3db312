/** ContactRepository in memory (its own tables: nothing else reads contacts). Records the domain events it would write. */
import type { PageRequest } from '../../src/core/paging.js';
import type {
  ContactFilter, ContactGroupRecord, ContactRecord, ContactRepository, NewDomainEvent, Slice,
} from '../../src/storage/ports.js';
import { contains, copy, inRange, ordered, pageOf, UniqueViolation } from './query.js';

export class FakeContactRepository implements ContactRepository {
  readonly contacts = new Map<string, ContactRecord>();
  readonly groups = new Map<string, ContactGroupRecord>();
  /** `${groupId} ${contactId}`, in the order they joined */
  readonly members = new Set<string>();
  /** the 'contact.created' events the SQL repository writes with each contact */
  readonly events: NewDomainEvent[] = [];

  async createContact(contact: ContactRecord): Promise<void> {
    if (this.contacts.has(contact.id)) throw new UniqueViolation(`contacts.id ${contact.id}`);
    this.contacts.set(contact.id, copy(contact));
    if (contact.groupId !== null) this.members.add(`${contact.groupId} ${contact.id}`);
    this.events.push({ tenantId: contact.tenantId, name: 'contact.created', inboxId: null, entityId: contact.id, occurredAt: contact.createdAt });
  }

  async findContact(tenantId: string, id: string): Promise<ContactRecord | undefined> {
    const c = this.contacts.get(id);
    return c && c.tenantId === tenantId ? copy(c) : undefined;
  }

  async findContacts(tenantId: string, ids: string[]): Promise<ContactRecord[]> {
    return [...new Set(ids)].map((id) => this.contacts.get(id)).filter((c) => c?.tenantId === tenantId).map((c) => copy(c!));
  }

  async listContacts(tenantId: string): Promise<ContactRecord[]> {
    return ordered([...this.contacts.values()].filter((c) => c.tenantId === tenantId)).map(copy);
  }

  async pageContacts(tenantId: string, filter: ContactFilter, page: PageRequest): Promise<Slice<ContactRecord>> {
    const matching = [...this.contacts.values()].filter((c) => {
      if (c.tenantId !== tenantId) return false;
      if (filter.groupId !== undefined && !this.members.has(`${filter.groupId} ${c.id}`)) return false;
      if (!inRange(c.createdAt, filter)) return false;
      const fields = [c.firstName, c.lastName, c.company, JSON.stringify(c.emailAddresses), c.id];
      return !filter.search || fields.some((f) => contains(f, filter.search!));
    });
    return pageOf(ordered(matching, page.sort).map(copy), page);
  }

  async deleteContact(tenantId: string, id: string): Promise<boolean> {
    if (this.contacts.get(id)?.tenantId !== tenantId) return false;
    this.contacts.delete(id);
    for (const key of this.members) if (key.endsWith(` ${id}`)) this.members.delete(key);
    return true;
  }

  async createGroup(group: ContactGroupRecord): Promise<void> {
    if (this.groups.has(group.id)) throw new UniqueViolation(`contact_groups.id ${group.id}`);
    this.groups.set(group.id, copy(group));
  }

  async findGroup(tenantId: string, id: string): Promise<ContactGroupRecord | undefined> {
    const g = this.groups.get(id);
    return g && g.tenantId === tenantId ? copy(g) : undefined;
  }

  async listGroups(tenantId: string): Promise<ContactGroupRecord[]> {
    return ordered([...this.groups.values()].filter((g) => g.tenantId === tenantId)).map(copy);
  }

  async pageGroups(tenantId: string, filter: { since?: Date; before?: Date }, page: PageRequest): Promise<Slice<ContactGroupRecord>> {
    const matching = [...this.groups.values()].filter((g) => g.tenantId === tenantId && inRange(g.createdAt, filter));
    return pageOf(ordered(matching, page.sort).map(copy), page);
  }

  async deleteGroup(tenantId: string, id: string): Promise<boolean> {
    if (this.groups.get(id)?.tenantId !== tenantId) return false;
    this.groups.delete(id);
    for (const key of this.members) if (key.startsWith(`${id} `)) this.members.delete(key);
    for (const c of this.contacts.values()) if (c.groupId === id) c.groupId = this.firstGroupOf(c.id);
    return true;
  }

  async addMembers(tenantId: string, groupId: string, contactIds: string[]): Promise<{ missing: string[] }> {
    const missing = [...new Set(contactIds)].filter((id) => this.contacts.get(id)?.tenantId !== tenantId);
    if (missing.length > 0) return { missing };
    for (const id of contactIds) {
      this.members.add(`${groupId} ${id}`);
      const c = this.contacts.get(id)!;
      if (c.groupId === null) c.groupId = groupId;
    }
    return { missing: [] };
  }

  async removeMembers(tenantId: string, groupId: string, contactIds: string[]): Promise<void> {
    for (const id of contactIds) {
      const c = this.contacts.get(id);
      if (c?.tenantId !== tenantId) continue;
      this.members.delete(`${groupId} ${id}`);
      if (c.groupId === groupId) c.groupId = this.firstGroupOf(id);
    }
  }

  /** the group the contact joined first of those it is still in (as the SQL repository answers) */
  private firstGroupOf(contactId: string): string | null {
    for (const key of this.members) if (key.endsWith(` ${contactId}`)) return key.split(' ')[0]!;
    return null;
  }

  async membersOf(tenantId: string, groupId: string): Promise<ContactRecord[]> {
    return ordered([...this.contacts.values()].filter((c) => c.tenantId === tenantId && this.members.has(`${groupId} ${c.id}`))).map(copy);
  }
}
