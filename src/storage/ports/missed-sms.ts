/** Storage port of missed SMS (SMS for a tenant at its SMS cap; MissedSmsController). */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

/** An SMS the carrier accepted for a number whose tenant was at its SMS cap. */
export interface MissedSmsRecord {
  id: string;
  tenantId: string;
  /** the number it was for (the record outlives it) */
  phoneId: string;
  fromNumber: string;
  toNumber: string;
  body: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface MissedSmsFilter {
  phoneId?: string;
  /** the receiving number, E.164 */
  toNumber?: string;
  /** createdAt strictly after */
  since?: Date;
  /** createdAt strictly before */
  before?: Date;
  /** case-insensitive partial match on id, body and sender */
  search?: string;
}

export interface MissedSmsRepository {
  create(record: MissedSmsRecord): Promise<void>;
  findById(tenantId: string, id: string): Promise<MissedSmsRecord | undefined>;
  page(tenantId: string, filter: MissedSmsFilter, page: PageRequest): Promise<Slice<MissedSmsRecord>>;
  count(tenantId: string): Promise<number>;
}
