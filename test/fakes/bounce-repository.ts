/** BounceRepository in memory: bounced sends and their recipients. */
import type { PageRequest } from '../../src/core/paging.js';
import type { BounceFilter, BouncedEmailRecord, BouncedRecipientRecord, BounceRepository, Slice } from '../../src/storage/ports.js';
import { copy, inRange, ordered, pageOf, UniqueViolation } from './query.js';
import type { MemoryTables } from './tables.js';

export class FakeBounceRepository implements BounceRepository {
  constructor(private readonly tables: MemoryTables) {}

  async record(email: BouncedEmailRecord, recipients: BouncedRecipientRecord[]): Promise<void> {
    if (this.tables.bouncedEmails.has(email.id)) throw new UniqueViolation(`bounced_emails.id ${email.id}`);
    for (const r of recipients) if (this.tables.bouncedRecipients.has(r.id)) throw new UniqueViolation(`bounced_recipients.id ${r.id}`);
    this.tables.bouncedEmails.set(email.id, copy(email));
    for (const r of recipients) this.tables.bouncedRecipients.set(r.id, copy(r));
  }

  async findEmail(tenantId: string, id: string): Promise<BouncedEmailRecord | undefined> {
    const email = this.tables.bouncedEmails.get(id);
    return email && email.tenantId === tenantId ? copy(email) : undefined;
  }

  async pageEmails(tenantId: string, filter: BounceFilter, page: PageRequest): Promise<Slice<BouncedEmailRecord>> {
    const matching = [...this.tables.bouncedEmails.values()].filter((e) => e.tenantId === tenantId && inRange(e.createdAt, filter));
    return pageOf(ordered(matching, page.sort).map(copy), page);
  }

  async findRecipient(tenantId: string, id: string): Promise<BouncedRecipientRecord | undefined> {
    const recipient = this.tables.bouncedRecipients.get(id);
    return recipient && recipient.tenantId === tenantId ? copy(recipient) : undefined;
  }

  async recipientsOf(tenantId: string, bouncedEmailId: string): Promise<BouncedRecipientRecord[]> {
    const recipients = [...this.tables.bouncedRecipients.values()].filter((r) => r.tenantId === tenantId && r.bouncedEmailId === bouncedEmailId);
    return ordered(recipients, 'ASC').map(copy);
  }

  async pageRecipients(tenantId: string, filter: BounceFilter, page: PageRequest): Promise<Slice<BouncedRecipientRecord>> {
    const matching = [...this.tables.bouncedRecipients.values()].filter((r) => r.tenantId === tenantId && inRange(r.createdAt, filter));
    return pageOf(ordered(matching, page.sort).map(copy), page);
  }

  async bouncedAmong(tenantId: string, addresses: string[], bounceTypes?: string[]): Promise<Set<string>> {
    const wanted = new Set(addresses);
    const found = new Set<string>();
    for (const r of this.tables.bouncedRecipients.values()) {
      if (r.tenantId !== tenantId || !wanted.has(r.recipient)) continue;
      if (bounceTypes && (r.bounceType === null || !bounceTypes.includes(r.bounceType))) continue;
      found.add(r.recipient);
    }
    return found;
  }
}
