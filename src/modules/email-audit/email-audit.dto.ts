import type { StoredAudit } from './email-audit.service.js';

/** A stored audit as the client's EmailAuditDto (userId is the owning tenant). */
export const toEmailAuditDto = (a: StoredAudit) => ({
  id: a.id,
  userId: a.tenantId,
  emailId: a.emailId,
  fromAddress: a.fromAddress,
  recipient: a.recipient,
  subject: a.subject,
  analysis: a.analysis,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});
