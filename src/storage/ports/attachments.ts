/** Storage port of attachments: uploads and those of received emails. */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

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
