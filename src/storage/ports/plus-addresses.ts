/**
 * Storage port of plus addresses: `local+tag@domain` of an inbox, made when the first mail
 * to it arrives (or asked for). Received emails name theirs (EmailSummary.plusAddressId),
 * written in the ingest transaction with the email.
 */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

export interface PlusAddressRecord {
  id: string;
  tenantId: string;
  inboxId: string;
  /** the tag: what stands between `+` and `@` */
  plusAddress: string;
  /** lower-cased */
  fullAddress: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface PlusAddressFilter {
  inboxId?: string;
}

export interface PlusAddressRepository {
  /** The inbox's plus address for this full address, made now if it has none (race-free: one row per inbox and address). */
  getOrCreate(record: PlusAddressRecord): Promise<PlusAddressRecord>;
  findById(tenantId: string, id: string): Promise<PlusAddressRecord | undefined>;
  findByAddress(tenantId: string, inboxId: string, fullAddress: string): Promise<PlusAddressRecord | undefined>;
  page(tenantId: string, filter: PlusAddressFilter, page: PageRequest): Promise<Slice<PlusAddressRecord>>;
}
