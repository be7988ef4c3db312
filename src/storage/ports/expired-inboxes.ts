/** Storage port of inbox expiry: due inboxes and the records their expiry leaves. */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

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
   * The earliest expiresAt of an unprocessed inbox, of any tenant: when the next expiry falls
   * due (it may be past already). Only those strictly after `after` when given. Undefined: none.
   */
  nextDue(after?: Date): Promise<Date | undefined>;
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
