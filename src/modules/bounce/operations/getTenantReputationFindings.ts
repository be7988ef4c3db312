import { bounceOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { RegionQuery, TenantReputationFindingsDto } from '../reputation.schemas.js';

export const getTenantReputationFindings = bounceOperation({
  operationId: 'getTenantReputationFindings', method: 'GET', path: '/bounce/tenant-findings',
  summary: "The thresholds the caller's sending is over or near: rates per sending inbox, bounce counts of the account",
  query: RegionQuery,
  response: Type.Ref(TenantReputationFindingsDto),
  handler: async ({ tenantId, query }, { reputation }) => {
    const [judged, block] = await Promise.all([reputation.judgeSenders(tenantId), reputation.blockStatus(tenantId)]);
    const generatedAt = reputation.now().toISOString();
    const findings = [
      ...judged.flatMap((j) => j.findings),
      ...reputation.countFindings({ total: block.bounceCount, since: block.bounceCountToday }),
    ];
    return {
      generatedAt,
      userId: tenantId,
      findings: findings.map((f) => ({
        accountRegion: query.accountRegion ?? 'US_EAST_1',
        tenantName: f.subject,
        tenantArn: null,
        type: f.type,
        impact: f.impact,
        status: 'ACTIVE',
        description: f.description,
        // computed now from the records, not kept: no first-seen time to report
        createdTimestamp: null,
        lastUpdatedTimestamp: generatedAt,
      })),
    };
  },
});
