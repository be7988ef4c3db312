import { bounceOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { RegionQuery, TenantReputationStatusSummaryDto } from '../reputation.schemas.js';

export const getTenantReputationStatusSummary = bounceOperation({
  operationId: 'getTenantReputationStatusSummary', method: 'GET', path: '/bounce/tenant-status',
  summary: "One row per sending inbox of the caller's last sends: bounce and complaint rates and the status they give",
  query: RegionQuery,
  response: Type.Ref(TenantReputationStatusSummaryDto),
  handler: async ({ tenantId, query }, { reputation }) => {
    const [judged, lastHour, block] = await Promise.all([reputation.judgeSenders(tenantId), reputation.sendsLastHour(tenantId), reputation.blockStatus(tenantId)]);
    const generatedAt = reputation.now().toISOString();
    return {
      generatedAt,
      userId: tenantId,
      rows: judged.map((j) => ({
        accountRegion: query.accountRegion ?? 'US_EAST_1',
        tenantName: j.sender.fromAddress,
        tenantArn: null,
        sendingStatus: block.isSendingBlocked ? 'DISABLED' : 'ENABLED',
        reputationStatus: j.status,
        reputationPolicy: reputation.policy(),
        customerManagedSendingStatus: null,
        awsManagedSendingStatus: null,
        findingCount: j.findings.length,
        bounceRate: j.bounceRate,
        complaintRate: j.complaintRate,
        sendLastHour: lastHour.get(j.sender.inboxId) ?? 0,
        metricTimestamp: generatedAt,
        error: null,
      })),
    };
  },
});
