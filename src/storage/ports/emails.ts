/** Storage port of received emails. */
import type { PageRequest } from '../../core/paging.js';
import type { MailAddress, Slice } from './common.js';
import type { AttachmentRecord } from './attachments.js';
import type { NewAutomationJob } from './automation-jobs.js';
import type { EmailAuthentication } from './mail-auth.js';
import type { EmailSearch } from './email-search.js';

/** An email without its bodies: what lists and previews need. */
export interface EmailSummary {
  id: string;
  tenantId: string;
  inboxId: string;
  messageId: string | null;
  inReplyTo: string | null;
  subject: string | null;
  from: string | null;
  sender: MailAddress | null;
  recipients: { to: MailAddress[]; cc: MailAddress[]; bcc: MailAddress[] };
  replyTo: string | null;
  charset: string | null;
  bodyMd5: string;
  bodyPartContentTypes: string[];
  sizeBytes: number;
  rawSha256: string;
  attachmentIds: string[];
  read: boolean;
  favourite: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** the conversation; storage assigns it when storing (and sets it on the stored record) */
  threadId?: string | null;
  /** the plus address (ports/plus-addresses.ts) the mail came to, if any */
  plusAddressId?: string | null;
  /** pages only: the start of the text body (a few hundred characters), for preview lines */
  previewText?: string | null;
}

export interface EmailRecord extends EmailSummary {
  /** [name, decoded value] in message order, repeated names kept */
  headers: Array<[string, string]>;
  textBody: string | null;
  htmlBody: string | null;
  /**
   * SPF/DKIM/DMARC/ARC verdicts found when the message came in over SMTP (ports/mail-auth.ts);
   * null or absent for mail that was not checked (imports, API sends, checks turned off).
   * Set by ingest, stored with the email in its transaction, loaded by findById.
   */
  authentication?: EmailAuthentication | null;
}

/** One received copy for one inbox, with the bytes it references. */
export interface IncomingEmail {
  email: EmailRecord;
  raw: Buffer;
  attachments: Array<{ record: AttachmentRecord; content: Buffer }>;
  /**
   * Retry dedupe: when set and the message has a Message-ID, a copy is not stored if its
   * inbox already holds one with the same raw bytes (rawSha256) created at or after this
   * time, or an earlier item of the same batch is such a copy. Storage then sets
   * `duplicateOf` to the id of the email already held and stores nothing for it (no email,
   * no thread entry, no domain event).
   */
  dedupeSince?: Date;
  /** set by storage: the email this copy is a retry of, when it was not stored (see dedupeSince) */
  duplicateOf?: string;
  /**
   * Automation jobs this copy sets off (forward, auto-reply, alias proxy, ...): stored in the
   * same transaction as the copy, and not at all when the copy is not (a retry).
   */
  followUps?: NewAutomationJob[];
}

export interface EmailFilter {
  /** instead of the tenant's own rows, those of every member of this organisation (the getOrganization* lists) */
  organizationId?: string;
  inboxIds?: string[];
  unreadOnly?: boolean;
  favourite?: boolean;
  /** createdAt strictly after */
  since?: Date;
  /** createdAt strictly before */
  before?: Date;
  /** the search language's terms, all of which must hold (modules/email/search-query.ts) */
  search?: EmailSearch;
  /** only these email ids */
  ids?: string[];
  /** only mail that came to this plus address */
  plusAddressId?: string;
}

export interface EmailRepository {
  /**
   * Stores every copy, its raw bytes and attachments in ONE transaction: all or nothing.
   * Assigns each copy its thread and sets it on the given record (email.threadId).
   */
  storeIncoming(batch: IncomingEmail[]): Promise<void>;
  findById(tenantId: string, id: string): Promise<EmailRecord | undefined>;
  page(tenantId: string, filter: EmailFilter, page: PageRequest): Promise<Slice<EmailSummary>>;
  list(tenantId: string, filter: EmailFilter, sort: PageRequest['sort'], limit: number): Promise<EmailSummary[]>;
  count(tenantId: string, filter?: EmailFilter): Promise<number>;
  /** Marks matching emails (or one, by id) read or unread; returns how many changed. */
  setRead(tenantId: string, filter: EmailFilter & { id?: string }, read: boolean, at: Date): Promise<number>;
  setFavourite(tenantId: string, id: string, favourite: boolean, at: Date): Promise<boolean>;
  /** Deletes matching emails with their attachments, and bytes nothing references any more. */
  deleteWhere(tenantId: string, filter: EmailFilter & { id?: string }): Promise<string[]>;
  raw(tenantId: string, emailId: string): Promise<Buffer | undefined>;
  attachments(tenantId: string, emailId: string): Promise<AttachmentRecord[]>;
  attachment(tenantId: string, attachmentId: string): Promise<{ record: AttachmentRecord; content: Buffer } | undefined>;
}
