/** Storage port of email validation requests (EmailVerificationController; migration 0052). */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

/** One address checked by validateEmailAddressList: its verdict and how it was reached. */
export interface EmailValidationRecord {
  id: string;
  tenantId: string;
  /** the validateEmailAddressList call it was part of */
  batchId: string;
  emailAddress: string;
  isValid: boolean;
  /** SYNTAX, DNS or SMTP: the last check the address went through */
  checkedBy: string;
  /** DELIVERABLE, UNDELIVERABLE or UNKNOWN */
  verdict: string;
  /** why it is not valid; null when it is */
  reason: string | null;
  /** the mail host asked and its RCPT TO reply code, when an SMTP dialogue took place */
  mailHost: string | null;
  rcptCode: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface EmailValidationFilter {
  /** createdAt strictly after */
  since?: Date;
  /** createdAt strictly before */
  before?: Date;
  isValid?: boolean;
  /** part of the address, case-insensitive */
  search?: string;
}

export interface EmailValidationRepository {
  /** Every result of one call, in one transaction. */
  insertMany(records: EmailValidationRecord[]): Promise<void>;
  page(tenantId: string, filter: EmailValidationFilter, request: PageRequest): Promise<Slice<EmailValidationRecord>>;
  /** The newest result per address among `addresses` created after `since` (for reuse of recent results). */
  latestSince(tenantId: string, addresses: string[], since: Date): Promise<Map<string, EmailValidationRecord>>;
  /** false when the tenant has no such record */
  delete(tenantId: string, id: string): Promise<boolean>;
  deleteAll(tenantId: string): Promise<number>;
}
