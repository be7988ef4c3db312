/**
 * Fake email addresses (createNewFakeEmailAddress and the getFakeEmail* reads): a throwaway
 * address is an ordinary inbox of the caller, marked with the FAKE_EMAIL_TAG tag, so mail sent to
 * it over SMTP or the API arrives through the usual ingest path and storage. The reads take an
 * address or an email id instead of an inbox id and answer only for marked inboxes of the caller:
 * an address is private to the account that made it, like any inbox.
 */
import { notFound } from '../../core/errors.js';
import type { EmailRecord, EmailSummary, InboxRecord } from '../../storage/ports.js';
import type { EmailService } from '../email/email.service.js';
import type { InboxService } from '../inbox/inbox.service.js';

/** The tag that marks an inbox as a fake email address. */
export const FAKE_EMAIL_TAG = 'fake-email';
/** getFakeEmailsForAddress pages hold this many emails, newest first. */
export const FAKE_EMAIL_PAGE_SIZE = 20;

export class FakeEmailService {
  constructor(
    private readonly inboxes: InboxService,
    private readonly emails: EmailService,
  ) {}

  async create(tenantId: string): Promise<InboxRecord> {
    return this.inboxes.create(tenantId, { name: 'Fake email address', tags: [FAKE_EMAIL_TAG] });
  }

  async delete(tenantId: string, emailAddress: string): Promise<void> {
    const inbox = await this.addressInbox(tenantId, emailAddress);
    await this.inboxes.delete(tenantId, inbox.id);
  }

  /** getFakeEmailsForAddress: one page of the address's emails, newest first. */
  async list(tenantId: string, emailAddress: string, page: number): Promise<{ inbox: InboxRecord; emails: EmailSummary[] }> {
    const inbox = await this.addressInbox(tenantId, emailAddress);
    const { slice } = await this.emails.page(tenantId, { inboxIds: [inbox.id] }, { page, size: FAKE_EMAIL_PAGE_SIZE, sort: 'DESC' });
    return { inbox, emails: slice.items };
  }

  /** getFakeEmailByEmailAddress: the newest email of the address (marked seen), or none yet. */
  async latest(tenantId: string, emailAddress: string): Promise<{ inbox: InboxRecord; email: EmailRecord } | { inbox: InboxRecord; email: null }> {
    const inbox = await this.addressInbox(tenantId, emailAddress);
    const newest = await this.emails.newest(tenantId, { inboxIds: [inbox.id] });
    return { inbox, email: newest ? await this.emails.markRead(newest) : null };
  }

  /** getFakeEmailById: the email (marked seen) when it came to one of the caller's fake addresses. */
  async get(tenantId: string, emailId: string): Promise<{ inbox: InboxRecord; email: EmailRecord }> {
    const { inbox, email } = await this.find(tenantId, emailId);
    return { inbox, email: await this.emails.markRead(email) };
  }

  /** getFakeEmailRaw: the message as it was received. */
  async raw(tenantId: string, emailId: string): Promise<Buffer> {
    await this.find(tenantId, emailId);
    return this.emails.raw(tenantId, emailId);
  }

  attachmentNames(tenantId: string, emailId: string): Promise<string[]> {
    return this.emails.attachments(tenantId, emailId).then((list) => list.map((a) => a.name));
  }

  private async find(tenantId: string, emailId: string): Promise<{ inbox: InboxRecord; email: EmailRecord }> {
    const email = await this.emails.find(tenantId, emailId).catch(() => undefined);
    const inbox = email ? await this.inboxes.get(tenantId, email.inboxId).catch(() => undefined) : undefined;
    if (!email || !inbox || !inbox.tags.includes(FAKE_EMAIL_TAG)) throw notFound(`No fake email ${emailId}`);
    return { inbox, email };
  }

  private async addressInbox(tenantId: string, emailAddress: string): Promise<InboxRecord> {
    const inbox = await this.inboxes.findByAddress(tenantId, emailAddress);
    if (!inbox || !inbox.tags.includes(FAKE_EMAIL_TAG)) throw notFound(`No fake email address ${emailAddress.trim()}`);
    return inbox;
  }
}
