/**
 * What services may ask of storage. Services import only this file; the Kysely
 * implementations live in storage/kysely and are wired together in main.ts.
 * Every tenant-owned read and write takes the tenant id: there is no way to ask
 * for another tenant's rows by accident.
 */
import type { PageRequest } from '../core/paging.js';
import type { WebhookRepository } from './webhook-ports.js';
export type * from './webhook-ports.js';
import type { TrackingPixelRepository } from './tracking-ports.js';
export type * from './tracking-ports.js';
import type { SendQueueRepository } from './send-queue-ports.js';
export type * from './send-queue-ports.js';
import type { DomainEventRepository } from './ports/domain-events.js';
export type * from './ports/domain-events.js';

export type InboxType = 'HTTP' | 'SMTP';

export interface UserRecord {
  id: string;
  email: string;
  name: string | null;
  isAdmin: boolean;
  createdAt: Date;
}

export interface ApiKeyRecord {
  id: string;
  tenantId: string;
  keyPrefix: string;
  createdAt: Date;
  revokedAt: Date | null;
}

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

export interface DomainRecord {
  id: string;
  tenantId: string;
  domain: string;
  verified: boolean;
  inboxType: InboxType;
  createdAt: Date;
}

export interface Slice<T> {
  items: T[];
  total: number;
}

export interface UserRepository {
  create(user: UserRecord): Promise<void>;
  findById(id: string): Promise<UserRecord | undefined>;
  findByEmail(email: string): Promise<UserRecord | undefined>;
  findFirstAdmin(): Promise<UserRecord | undefined>;
  list(page: PageRequest): Promise<Slice<UserRecord>>;
}

export interface ApiKeyRepository {
  create(key: ApiKeyRecord, keyHash: string): Promise<void>;
  /** The active (not revoked) key with this hash, with its owner. */
  findActiveByHash(keyHash: string): Promise<{ key: ApiKeyRecord; user: UserRecord } | undefined>;
  listForTenant(tenantId: string): Promise<ApiKeyRecord[]>;
  /** Marks the key revoked; false when the tenant has no such active key. */
  revoke(tenantId: string, keyId: string, at: Date): Promise<boolean>;
}

/** Filters shared by every inbox list; each is optional and they combine with AND. */
export interface InboxFilter {
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

export interface DomainRepository {
  create(domain: DomainRecord): Promise<void>;
  findByName(tenantId: string, domain: string): Promise<DomainRecord | undefined>;
  findById(tenantId: string, id: string): Promise<DomainRecord | undefined>;
}

/** A parsed mailbox of an address header, as the client's Sender and Recipient. */
export interface MailAddress {
  rawValue: string;
  emailAddress: string;
  name: string | null;
}

export interface AttachmentRecord {
  id: string;
  tenantId: string;
  emailId: string | null;
  name: string;
  contentType: string;
  size: number;
  contentId: string | null;
  sha256: string;
  createdAt: Date;
}

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
}

export interface EmailRecord extends EmailSummary {
  /** [name, decoded value] in message order, repeated names kept */
  headers: Array<[string, string]>;
  textBody: string | null;
  htmlBody: string | null;
}

/** One received copy for one inbox, with the bytes it references. */
export interface IncomingEmail {
  email: EmailRecord;
  raw: Buffer;
  attachments: Array<{ record: AttachmentRecord; content: Buffer }>;
}

export interface EmailFilter {
  inboxIds?: string[];
  unreadOnly?: boolean;
  favourite?: boolean;
  /** createdAt strictly after */
  since?: Date;
  /** createdAt strictly before */
  before?: Date;
  /** case-insensitive partial match on subject, from, recipients */
  search?: string;
  /** only these email ids */
  ids?: string[];
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

/** An attachment with the inbox of the email it arrived in (null for an upload not yet sent). */
export interface AttachmentListing extends AttachmentRecord {
  inboxId: string | null;
}

export interface AttachmentFilter {
  /** case-insensitive partial match on the file name */
  fileName?: string;
  /** createdAt strictly after */
  since?: Date;
  /** createdAt strictly before */
  before?: Date;
  /** attachments of emails received in this inbox */
  inboxId?: string;
  emailId?: string;
  /** only these attachment ids */
  ids?: string[];
}

/** Every attachment of a tenant: uploads (emailId null) and those of received emails. */
export interface AttachmentRepository {
  /** Stores an upload and its bytes (once per content hash) in one transaction. */
  create(record: AttachmentRecord, content: Buffer): Promise<void>;
  findById(tenantId: string, id: string): Promise<AttachmentListing | undefined>;
  /** The attachment with its bytes, uploaded or received, when the tenant owns it. */
  withContent(tenantId: string, id: string): Promise<{ record: AttachmentRecord; content: Buffer } | undefined>;
  page(tenantId: string, filter: AttachmentFilter, page: PageRequest): Promise<Slice<AttachmentListing>>;
  /** Deletes matching attachments (or one, by id) and bytes nothing references any more; returns ids. */
  deleteWhere(tenantId: string, filter: AttachmentFilter & { id?: string }): Promise<string[]>;
}

export type DeliveryOutcome = 'DELIVERED' | 'RELAYED' | 'CAPTURED' | 'VIRTUAL' | 'FAILED';

export interface DeliveryStatusRecord {
  id: string;
  tenantId: string;
  sentId: string;
  inboxId: string;
  recipient: string;
  outcome: DeliveryOutcome;
  smtpStatusCode: number | null;
  smtpResponse: string | null;
  reportingMta: string | null;
  processingMs: number;
  createdAt: Date;
}

/** A receipt of a sent email: never its body, only the body's MD5 (and the raw MIME). */
export interface SentEmailRecord {
  id: string;
  tenantId: string;
  inboxId: string;
  messageId: string;
  inReplyTo: string | null;
  subject: string | null;
  from: string;
  sender: MailAddress;
  recipients: { to: MailAddress[]; cc: MailAddress[]; bcc: MailAddress[] };
  replyTo: string | null;
  headers: Array<[string, string]>;
  bodyMd5: string;
  isHtml: boolean;
  charset: string | null;
  virtualSend: boolean;
  sizeBytes: number;
  rawSha256: string;
  createdAt: Date;
  /** ids of the uploaded (or received) attachments sent with it, in the order given */
  attachmentIds: string[];
  /** the conversation; storage assigns it when storing (and sets it on the stored record) */
  threadId?: string | null;
  /** its tracking pixels (addTrackingPixel); read from tracking_pixels, not stored with the receipt */
  pixelIds?: string[];
}

export interface SentEmailFilter {
  inboxId?: string;
  since?: Date;
  before?: Date;
  /** case-insensitive partial match on subject and recipients */
  search?: string;
}

export interface DeliveryStatusFilter {
  sentId?: string;
  inboxId?: string;
  since?: Date;
  before?: Date;
}

export interface SentEmailRepository {
  /** The receipt and its raw bytes, in one transaction; assigns its thread and sets sent.threadId. */
  create(sent: SentEmailRecord, raw: Buffer): Promise<void>;
  addStatuses(statuses: DeliveryStatusRecord[]): Promise<void>;
  findById(tenantId: string, id: string): Promise<SentEmailRecord | undefined>;
  page(tenantId: string, filter: SentEmailFilter, page: PageRequest): Promise<Slice<SentEmailRecord>>;
  count(tenantId: string, filter?: SentEmailFilter): Promise<number>;
  raw(tenantId: string, id: string): Promise<Buffer | undefined>;
  /** Deletes matching receipts with their statuses and unreferenced bytes; returns ids. */
  deleteWhere(tenantId: string, filter: SentEmailFilter & { id?: string }): Promise<string[]>;
  statuses(tenantId: string, filter: DeliveryStatusFilter, page: PageRequest): Promise<Slice<DeliveryStatusRecord>>;
  status(tenantId: string, id: string): Promise<DeliveryStatusRecord | undefined>;
}

/** SMTP (later IMAP) login of one inbox, or of the whole tenant when inboxId is null. */
export type MailProtocol = 'smtp' | 'imap';

export interface MailCredentialRecord {
  id: string;
  tenantId: string;
  /** null for the tenant-wide login, which may use every inbox of the tenant */
  inboxId: string | null;
  protocol: MailProtocol;
  username: string;
  password: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface MailCredentialRepository {
  /** The login for the scope, created with the given one if there is none yet (race-safe). */
  findOrCreate(candidate: MailCredentialRecord): Promise<MailCredentialRecord>;
  findByUsername(protocol: MailProtocol, username: string): Promise<MailCredentialRecord | undefined>;
  /** false when another login of the protocol already has the username */
  update(tenantId: string, inboxId: string | null, protocol: MailProtocol, change: { username?: string; password?: string }, at: Date): Promise<boolean>;
}

/** The record left by an inbox's expiry; it outlives the inbox. */
export interface ExpiredInboxRecord {
  id: string;
  tenantId: string;
  inboxId: string;
  emailAddress: string;
  /** the inbox's expiry time */
  createdAt: Date;
}

export interface ExpiredInboxFilter {
  inboxId?: string;
  /** createdAt strictly after */
  since?: Date;
  /** createdAt strictly before */
  before?: Date;
}

/** An inbox whose expiry has passed and which the expiry job has not processed yet. */
export interface DueInbox {
  id: string;
  tenantId: string;
  expiresAt: Date;
}

export interface ExpiredInboxRepository {
  /** Up to `limit` unprocessed inboxes with expiresAt at or before `now`, earliest first; all tenants' unless one is given. */
  findDue(now: Date, limit: number, tenantId?: string): Promise<DueInbox[]>;
  /**
   * In ONE transaction: marks the inbox expired (only if it is still due and unmarked) and
   * creates its record with the given id. Undefined when there was nothing to do: another
   * pass got there first, or the inbox is gone or no longer due. Never two records per inbox.
   */
  expire(inboxId: string, recordId: string, now: Date): Promise<ExpiredInboxRecord | undefined>;
  findById(tenantId: string, id: string): Promise<ExpiredInboxRecord | undefined>;
  findByInboxId(tenantId: string, inboxId: string): Promise<ExpiredInboxRecord | undefined>;
  page(tenantId: string, filter: ExpiredInboxFilter, page: PageRequest): Promise<Slice<ExpiredInboxRecord>>;
}

/** Mail accepted for an inbox whose tenant was at its email cap; its raw bytes are kept. */
export interface MissedEmailRecord {
  id: string;
  tenantId: string;
  inboxId: string;
  from: string | null;
  subject: string | null;
  bodyExcerpt: string | null;
  recipients: { to: string[]; cc: string[]; bcc: string[] };
  attachmentCount: number;
  sizeBytes: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface MissedEmailFilter {
  inboxId?: string;
  /** createdAt strictly after */
  since?: Date;
  /** createdAt strictly before */
  before?: Date;
  /** case-insensitive partial match on id, subject, from and recipients */
  search?: string;
  /** only records whose inbox no longer exists (it was deleted after the mail was missed) */
  inboxGone?: boolean;
}

export interface MissedEmailRepository {
  /** Stores every record with its raw bytes in ONE transaction. */
  create(batch: Array<{ record: MissedEmailRecord; raw: Buffer }>): Promise<void>;
  findById(tenantId: string, id: string): Promise<MissedEmailRecord | undefined>;
  page(tenantId: string, filter: MissedEmailFilter, page: PageRequest): Promise<Slice<MissedEmailRecord>>;
  /** Up to `limit` records from `offset` on, ordered by createdAt (then id). */
  list(tenantId: string, filter: MissedEmailFilter, range: { sort: PageRequest['sort']; offset: number; limit: number }): Promise<MissedEmailRecord[]>;
  count(tenantId: string, filter?: MissedEmailFilter): Promise<number>;
  raw(tenantId: string, id: string): Promise<Buffer | undefined>;
  /** false when the tenant has no such record */
  delete(tenantId: string, id: string): Promise<boolean>;
}

/** A send that some recipients refused (the bounce of one sent email). */
export interface BouncedEmailRecord {
  id: string;
  tenantId: string;
  sentId: string | null;
  notificationType: string;
  sender: string;
  subject: string | null;
  /** every recipient of the send */
  sentTo: string[];
  /** the recipients that bounced */
  bounceRecipients: string[];
  bounceMta: string | null;
  bounceType: string | null;
  bounceSubType: string | null;
  createdAt: Date;
}

/** One address that bounced. */
export interface BouncedRecipientRecord {
  id: string;
  tenantId: string;
  bouncedEmailId: string;
  sentId: string | null;
  /** lower-case address */
  recipient: string;
  /** RFC 3464 action, e.g. failed */
  action: string;
  /** RFC 3463 enhanced status, e.g. 5.1.1 */
  status: string | null;
  diagnosticCode: string | null;
  bounceType: string | null;
  createdAt: Date;
}

export interface BounceFilter {
  /** createdAt strictly after */
  since?: Date;
  /** createdAt strictly before */
  before?: Date;
}

export interface BounceRepository {
  /** The bounced email and its recipients, in ONE transaction. */
  record(email: BouncedEmailRecord, recipients: BouncedRecipientRecord[]): Promise<void>;
  findEmail(tenantId: string, id: string): Promise<BouncedEmailRecord | undefined>;
  pageEmails(tenantId: string, filter: BounceFilter, page: PageRequest): Promise<Slice<BouncedEmailRecord>>;
  findRecipient(tenantId: string, id: string): Promise<BouncedRecipientRecord | undefined>;
  /** the recipients recorded with the bounced email, oldest first */
  recipientsOf(tenantId: string, bouncedEmailId: string): Promise<BouncedRecipientRecord[]>;
  pageRecipients(tenantId: string, filter: BounceFilter, page: PageRequest): Promise<Slice<BouncedRecipientRecord>>;
  /** Of `addresses` (lower-case), those with a bounce of one of `bounceTypes` (any type when omitted). */
  bouncedAmong(tenantId: string, addresses: string[], bounceTypes?: string[]): Promise<Set<string>>;
}

/** Cross-node mutual exclusion for schedulers: a PostgreSQL advisory lock; SQLite is single-node. */
export interface SchedulerLocks {
  /** Runs `fn` unless another node holds `name` right now; undefined when it was skipped. */
  runExclusive<T>(name: string, fn: () => Promise<T>): Promise<T | undefined>;
}

/** One message of a conversation: a received email, or the receipt of one sent from here. */
export interface ThreadItemRecord {
  kind: 'RECEIVED_EMAIL' | 'SENT_EMAIL';
  id: string;
  tenantId: string;
  threadId: string;
  inboxId: string;
  messageId: string | null;
  inReplyTo: string | null;
  subject: string | null;
  from: string | null;
  sender: MailAddress | null;
  recipients: { to: MailAddress[]; cc: MailAddress[]; bcc: MailAddress[] };
  attachmentIds: string[];
  /** sent receipts count as read */
  read: boolean;
  createdAt: Date;
  /** received emails only (a sent body is never stored); null where not loaded */
  textBody: string | null;
  htmlBody: string | null;
}

/** A conversation with at least one stored message. */
export interface ThreadRecord {
  id: string;
  tenantId: string;
  /** arrival of its first message, even once that message is deleted */
  createdAt: Date;
  /** the earliest and the latest message still stored; bodies loaded for `last` only */
  first: ThreadItemRecord;
  last: ThreadItemRecord;
  messageCount: number;
  unreadCount: number;
  hasAttachments: boolean;
}

export interface ThreadFilter {
  /** threads with a message received in, or sent from, this inbox */
  inboxId?: string;
  /** case-insensitive partial match on a message's subject, sender or recipients, or the thread id */
  search?: string;
  /** thread createdAt strictly after */
  since?: Date;
  /** thread createdAt strictly before */
  before?: Date;
}

/** Threads are assigned by the email and sent-email repositories as they store; this reads them. */
export interface ThreadRepository {
  page(tenantId: string, filter: ThreadFilter, page: PageRequest): Promise<Slice<ThreadRecord>>;
  findById(tenantId: string, id: string): Promise<ThreadRecord | undefined>;
  /** Every stored message of the thread by createdAt, bodies included. */
  items(tenantId: string, threadId: string, sort: PageRequest['sort']): Promise<ThreadItemRecord[]>;
}

/** One email as an IMAP message: its UID in its inbox and its flags. */
export interface ImapMessageRecord {
  id: string;
  uid: number;
  /** \\Seen: the same flag as the API's `read` */
  seen: boolean;
  /** \\Flagged: the same flag as the API's `favourite` */
  flagged: boolean;
  answered: boolean;
  deleted: boolean;
  createdAt: Date;
  sizeBytes: number;
}

/** The IMAP view of inboxes (0012_imap); reading and deleting go through EmailRepository. */
export interface ImapMailboxRepository {
  /** the UID the inbox's next email will get; undefined when the tenant has no such inbox */
  uidNext(tenantId: string, inboxId: string): Promise<number | undefined>;
  /** every email of the inbox, by ascending UID */
  messages(tenantId: string, inboxId: string): Promise<ImapMessageRecord[]>;
  setImapFlags(tenantId: string, emailIds: string[], change: { answered?: boolean; deleted?: boolean }, at: Date): Promise<void>;
}

export interface Repositories {
  users: UserRepository;
  apiKeys: ApiKeyRepository;
  inboxes: InboxRepository;
  domains: DomainRepository;
  emails: EmailRepository;
  attachments: AttachmentRepository;
  sent: SentEmailRepository;
  mailCredentials: MailCredentialRepository;
  expiredInboxes: ExpiredInboxRepository;
  missedEmails: MissedEmailRepository;
  bounces: BounceRepository;
  threads: ThreadRepository;
  schedulerLocks: SchedulerLocks;
  /** webhooks, their delivery jobs and results (webhook-ports.ts) */
  webhooks: WebhookRepository;
  imapMailboxes: ImapMailboxRepository;
  /** sendEmailWithQueue jobs and their results (send-queue-ports.ts) */
  sendQueue: SendQueueRepository;
  /** tracking pixels (tracking-ports.ts) */
  trackingPixels: TrackingPixelRepository;
  /** what changed, recorded with each change for the dispatchers that act on it (ports/domain-events.ts) */
  domainEvents: DomainEventRepository;
}

/** Storage as a whole: the repositories plus lifecycle. */
/** Messages between the nodes sharing one database (PostgreSQL LISTEN/NOTIFY). */
export interface Notifications {
  /** reaches every node listening on this database and schema, this one included */
  publish(message: string): Promise<void>;
  /** calls `handler` for each message until the returned function is called */
  listen(handler: (message: string) => void): Promise<() => Promise<void>>;
}

export interface Store {
  readonly dialect: 'sqlite' | 'postgres';
  readonly repos: Repositories;
  /** present when several nodes can share the database (PostgreSQL) */
  readonly notifications?: Notifications;
  /** true once the database answers a trivial query */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
