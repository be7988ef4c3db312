/** Storage port of sent-email receipts and their delivery statuses. */
import type { PageRequest } from '../../core/paging.js';
import type { MailAddress, Slice } from './common.js';

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
  /** the template its body was rendered from (sendEmail's `template`) */
  templateId?: string | null;
  /** its tracking pixels (addTrackingPixel); read from tracking_pixels, not stored with the receipt */
  pixelIds?: string[];
}

export interface SentEmailFilter {
  /** instead of the tenant's own rows, those of every member of this organisation (the getOrganization* lists) */
  organizationId?: string;
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
