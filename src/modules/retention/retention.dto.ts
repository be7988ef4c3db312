import type { InboxRetentionPolicyRecord, InboxRetentionRunRecord } from '../../storage/ports.js';

export const toPolicyDto = (p: InboxRetentionPolicyRecord) => ({
  id: p.id, inboxId: p.inboxId, retentionDays: p.retentionDays, createdAt: p.createdAt.toISOString(), updatedAt: p.updatedAt.toISOString(),
});

export const toRunDto = (r: InboxRetentionRunRecord) => ({
  id: r.id, status: r.status, source: r.source, matchedPolicies: r.matchedPolicies, appliedPolicies: r.appliedPolicies,
  deletedInboxCount: r.deletedInboxIds.length, deletedInboxIds: r.deletedInboxIds, errorMessage: r.errorMessage,
  startedAt: r.startedAt?.toISOString() ?? null, completedAt: r.completedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
});
