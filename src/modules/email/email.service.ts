import type { Clock } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { EventBus } from '../../events/bus.js';
import type { AttachmentRecord, EmailFilter, EmailRecord, EmailRepository, EmailSummary, Slice } from '../../storage/ports.js';
import type { InboxService } from '../inbox/inbox.service.js';
import { emailQueryTimeout, newestArrival, waitForMail } from './wait.js';

/** getEmails returns at most this many (spec §8). */
export const GET_EMAILS_CAP = 100;

export interface InboxEmailsQuery {
  limit?: number;
  sort?: SortDirection;
  since?: Date;
  before?: Date;
  unreadOnly?: boolean;
  /** hold the request until the inbox has this many matching emails... */
  minCount?: number;
  /** ...for at most this many milliseconds */
  retryTimeout?: number;
  /** aborted when the caller has gone: the wait ends at once */
  signal?: AbortSignal;
}

/** Reading and managing received emails. Every call is scoped to the caller's tenant. */
export class EmailService {
  constructor(
    private readonly emails: EmailRepository,
    private readonly inboxes: InboxService,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  async inboxEmails(tenantId: string, inboxId: string, query: InboxEmailsQuery): Promise<EmailSummary[]> {
    await this.inboxes.get(tenantId, inboxId);
    const limit = Math.min(Math.max(query.limit ?? GET_EMAILS_CAP, 1), GET_EMAILS_CAP);
    const filter: EmailFilter = { inboxIds: [inboxId], since: query.since, before: query.before, unreadOnly: query.unreadOnly };
    const list = () => this.emails.list(tenantId, filter, query.sort ?? 'ASC', limit);
    const minCount = query.minCount ?? 0;
    if (minCount <= 0 || !query.retryTimeout) return list();
    // Wait for minCount, then answer with whatever is there (enough, or all there is at the timeout).
    const enough = await waitForMail(this.bus, { tenantId, inboxIds: [inboxId] }, query.retryTimeout, async () => {
      const found = await list();
      return found.length >= Math.min(minCount, limit) ? found : undefined;
    }, { signal: query.signal });
    return enough ?? list();
  }

  async inboxPage(tenantId: string, inboxId: string, input: { page?: number; size?: number; sort?: SortDirection; since?: Date; before?: Date }) {
    await this.inboxes.get(tenantId, inboxId);
    return this.page(tenantId, { inboxIds: [inboxId], since: input.since, before: input.before }, input);
  }

  async page(tenantId: string, filter: EmailFilter, input: { page?: number; size?: number; sort?: SortDirection }): Promise<{ slice: Slice<EmailSummary>; request: PageRequest }> {
    const request = pageRequest(input);
    return { slice: await this.emails.page(tenantId, filter, request), request };
  }

  async count(tenantId: string, filter: EmailFilter = {}): Promise<number> {
    for (const inboxId of filter.inboxIds ?? []) await this.inboxes.get(tenantId, inboxId);
    return this.emails.count(tenantId, filter);
  }

  /** The newest email of the given inboxes (all of the caller's when none are named). */
  async latest(tenantId: string, inboxIds?: string[]): Promise<EmailRecord> {
    for (const inboxId of inboxIds ?? []) await this.inboxes.get(tenantId, inboxId);
    const email = await this.newest(tenantId, { inboxIds: inboxIds?.length ? inboxIds : undefined });
    if (!email) throw notFound(inboxIds?.length ? `No email in inbox ${inboxIds.join(', ')}` : 'You have no emails');
    return this.markRead(email);
  }

  /** getLatestEmailInInbox: the newest email, waiting up to timeoutMillis for one to arrive. */
  async latestInInbox(tenantId: string, inboxId: string, timeoutMillis: number, signal?: AbortSignal): Promise<EmailRecord> {
    await this.inboxes.get(tenantId, inboxId);
    const email = await waitForMail(this.bus, { tenantId, inboxIds: [inboxId] }, timeoutMillis,
      async (arrived) => newestArrival(arrived, tenantId, { inboxIds: [inboxId] }) ?? this.newest(tenantId, { inboxIds: [inboxId] }), { signal });
    if (!email) throw emailQueryTimeout(inboxId, `No email arrived in inbox ${inboxId}`, timeoutMillis);
    return this.markRead(email);
  }

  /** getEmail: the full email; reading it marks it read. */
  async get(tenantId: string, emailId: string): Promise<EmailRecord> {
    return this.markRead(await this.find(tenantId, emailId));
  }

  async find(tenantId: string, emailId: string): Promise<EmailRecord> {
    const email = await this.emails.findById(tenantId, emailId);
    if (!email) throw notFound(`No email ${emailId}`);
    return email;
  }

  async raw(tenantId: string, emailId: string): Promise<Buffer> {
    const raw = await this.emails.raw(tenantId, emailId);
    if (!raw) throw notFound(`No email ${emailId}`);
    return raw;
  }

  async setRead(tenantId: string, emailId: string, read: boolean): Promise<EmailRecord> {
    const email = await this.find(tenantId, emailId);
    if (read) return this.markRead(email);
    await this.emails.setRead(tenantId, { id: emailId }, read, this.clock.now());
    return { ...email, read };
  }

  async setAllRead(tenantId: string, read: boolean, inboxId?: string): Promise<void> {
    if (inboxId) await this.inboxes.get(tenantId, inboxId);
    await this.emails.setRead(tenantId, inboxId ? { inboxIds: [inboxId] } : {}, read, this.clock.now());
  }

  async setFavourite(tenantId: string, emailId: string, favourite: boolean): Promise<void> {
    if (!(await this.emails.setFavourite(tenantId, emailId, favourite, this.clock.now()))) throw notFound(`No email ${emailId}`);
  }

  async delete(tenantId: string, emailId: string): Promise<void> {
    const deleted = await this.emails.deleteWhere(tenantId, { id: emailId });
    if (deleted.length === 0) throw notFound(`No email ${emailId}`);
  }

  async deleteAllInInbox(tenantId: string, inboxId: string): Promise<void> {
    await this.inboxes.get(tenantId, inboxId);
    await this.emails.deleteWhere(tenantId, { inboxIds: [inboxId] });
  }

  async deleteAll(tenantId: string, range: { since?: Date; before?: Date }): Promise<void> {
    await this.emails.deleteWhere(tenantId, range);
  }

  /** Deletes these emails of the tenant (deleteEmail's path, one transaction); answers the ids deleted. Email retention uses it. */
  deleteByIds(tenantId: string, ids: string[]): Promise<string[]> {
    return this.emails.deleteWhere(tenantId, { ids });
  }

  async attachments(tenantId: string, emailId: string): Promise<AttachmentRecord[]> {
    await this.find(tenantId, emailId);
    return this.emails.attachments(tenantId, emailId);
  }

  async attachment(tenantId: string, emailId: string, attachmentId: string): Promise<{ record: AttachmentRecord; content: Buffer }> {
    const found = await this.emails.attachment(tenantId, attachmentId);
    if (!found || found.record.emailId !== emailId) throw notFound(`Email ${emailId} has no attachment ${attachmentId}`);
    return found;
  }

  /** The newest stored email `filter` selects, in full; no read mark. */
  async newest(tenantId: string, filter: EmailFilter): Promise<EmailRecord | undefined> {
    const [summary] = await this.emails.list(tenantId, filter, 'DESC', 1);
    return summary ? this.emails.findById(tenantId, summary.id) : undefined;
  }

  /** Reading an email marks it read; answers it as stored then. */
  async markRead(email: EmailRecord): Promise<EmailRecord> {
    if (email.read) return email;
    const now = this.clock.now();
    // Announced once, by the reader that turned it read (two concurrent reads both get here).
    const changed = await this.emails.setRead(email.tenantId, { id: email.id }, true, now);
    if (changed > 0) this.bus.publish('email.read', { tenantId: email.tenantId, inboxId: email.inboxId, emailId: email.id, createdAt: now });
    // Answer the stored state: marking read also moved updatedAt (it was left stale before).
    return { ...email, read: true, updatedAt: now };
  }
}

