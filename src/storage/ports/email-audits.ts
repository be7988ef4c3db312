/** Storage port of stored email audits (EmailAuditController, createEmailAuditForEmail). */

export interface EmailAuditRecord {
  id: string;
  tenantId: string;
  emailId: string | null;
  fromAddress: string | null;
  recipient: string | null;
  subject: string | null;
  /** the audit's result as modules/email-audit built it (opaque to storage) */
  analysis: unknown;
  createdAt: Date;
  updatedAt: Date;
}

export interface EmailAuditFilter {
  emailId?: string;
  /** createdAt at or after */
  since?: Date;
  /** createdAt strictly before */
  before?: Date;
  limit: number;
}

export interface EmailAuditRepository {
  insert(record: EmailAuditRecord): Promise<EmailAuditRecord>;
  get(tenantId: string, id: string): Promise<EmailAuditRecord | undefined>;
  /** The tenant's audits, newest first. */
  list(tenantId: string, filter: EmailAuditFilter): Promise<EmailAuditRecord[]>;
  /** false when the tenant has no such audit */
  delete(tenantId: string, id: string): Promise<boolean>;
}
