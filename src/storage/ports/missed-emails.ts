/** Storage port of missed emails (mail for a tenant at its email cap). */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

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
