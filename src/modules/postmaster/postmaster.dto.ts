import type { Static } from '@sinclair/typebox';
import type { PostmasterConnectionRecord, PostmasterDomainRecord, PostmasterTrafficStatsRecord } from '../../storage/ports.js';
import type { PostmasterConnectionDto, PostmasterDomainDto, PostmasterTrafficStatsDto } from './postmaster.schemas.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const ratio = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function toPostmasterConnectionDto(c: PostmasterConnectionRecord): Static<typeof PostmasterConnectionDto> {
  return {
    id: c.id,
    userId: c.tenantId,
    // a URL handed out but no code exchanged yet is not connected
    status: c.status === 'PENDING' ? 'DISCONNECTED' : c.status,
    connectedEmail: c.connectedEmail,
    scope: c.scope,
    // the access token's expiry; before the first exchange, when the connection last changed
    expiresAt: (c.tokenExpiresAt ?? c.updatedAt).toISOString(),
    lastSyncedAt: iso(c.lastSyncedAt),
    lastError: c.lastError,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export const toPostmasterDomainDto = (d: PostmasterDomainRecord): Static<typeof PostmasterDomainDto> => ({
  name: d.name,
  domain: d.domain,
  permission: d.permission,
  createTime: iso(d.createTime),
  firstSeenAt: d.firstSeenAt.toISOString(),
  lastSyncedAt: d.lastSyncedAt.toISOString(),
});

/**
 * Google's TrafficStats (v1) to the client's model: Google's ipReputations carry `ipCount` and
 * `sampleIps` (a sample, not every address), which become ipAddresses and the first as sampleIp.
 */
export function toPostmasterTrafficStatsDto(s: PostmasterTrafficStatsRecord): Static<typeof PostmasterTrafficStatsDto> {
  const p = s.payload;
  const reputations = Array.isArray(p.ipReputations) ? p.ipReputations as Array<Record<string, unknown>> : [];
  return {
    name: s.name,
    domain: s.domain,
    reportDate: s.reportDate,
    userReportedSpamRatio: ratio(p.userReportedSpamRatio),
    domainReputation: typeof p.domainReputation === 'string' ? p.domainReputation : null,
    ipReputations: reputations.map((r) => {
      const ips = Array.isArray(r.sampleIps) ? r.sampleIps.filter((ip): ip is string => typeof ip === 'string') : [];
      return { reputation: typeof r.reputation === 'string' ? r.reputation : null, ipAddresses: ips, sampleIp: ips[0] ?? null };
    }),
    spfSuccessRatio: ratio(p.spfSuccessRatio),
    dkimSuccessRatio: ratio(p.dkimSuccessRatio),
    dmarcSuccessRatio: ratio(p.dmarcSuccessRatio),
    outboundEncryptionRatio: ratio(p.outboundEncryptionRatio),
    inboundEncryptionRatio: ratio(p.inboundEncryptionRatio),
    payload: p,
  };
}
