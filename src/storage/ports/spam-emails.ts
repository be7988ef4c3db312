/** Storage port of spam-email records (SpamEmailController): mail a spam check flagged. */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

export interface SpamEmailRecord {
  id: string;
  tenantId: string;
  inboxId: string;
  from: string | null;
  to: string;
  subject: string | null;
  createdAt: Date;
}

export interface SpamEmailFilter {
  inboxId?: string;
  /** createdAt strictly after */
  since?: Date;
  /** createdAt strictly before */
  before?: Date;
}

export interface SpamEmailRepository {
  /** Records it; a record of the same id already there is kept as it is. */
  create(record: SpamEmailRecord): Promise<void>;
  page(tenantId: string, filter: SpamEmailFilter, page: PageRequest): Promise<Slice<SpamEmailRecord>>;
}
