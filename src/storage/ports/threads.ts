/** Storage port of conversations (threads) over received and sent mail. */
import type { PageRequest } from '../../core/paging.js';
import type { MailAddress, Slice } from './common.js';

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
