import type { DomainService } from './domain.service.js';
import { domainTypeOf } from './domain.dto.js';

type QueryType = 'HTTP_INBOX' | 'SMTP_INBOX' | undefined;
type Label = 'DEFAULT' | 'DOMAIN_POOL' | 'CUSTOM';
interface Info { domainName: string; verified: boolean; domainType: 'HTTP_INBOX' | 'SMTP_DOMAIN' }

/**
 * The domains as groups: DEFAULT (PIGEONHOLE_DOMAIN), DOMAIN_POOL (PIGEONHOLE_DOMAIN_POOL) and,
 * with a tenant, CUSTOM (its verified custom domains of the inbox type). The server's own
 * domains serve both inbox types; they are listed as the type asked (HTTP_INBOX by default).
 */
async function groups(domains: DomainService, inboxType: QueryType, tenantId?: string): Promise<Array<{ label: Label; domains: Info[] }>> {
  const own = inboxType === 'SMTP_INBOX' ? 'SMTP_DOMAIN' as const : 'HTTP_INBOX' as const;
  const info = (domainName: string): Info => ({ domainName, verified: true, domainType: own });
  const result: Array<{ label: Label; domains: Info[] }> = [
    { label: 'DEFAULT', domains: [info(domains.defaultDomain)] },
    { label: 'DOMAIN_POOL', domains: domains.pool.map(info) },
  ];
  if (tenantId) {
    const custom = await domains.verifiedDomains(tenantId, inboxType === undefined ? undefined : inboxType === 'SMTP_INBOX' ? 'SMTP' : 'HTTP');
    result.push({ label: 'CUSTOM', domains: custom.map((d) => ({ domainName: d.domain, verified: d.verified, domainType: domainTypeOf(d.inboxType) })) });
  }
  return result;
}

export async function domainGroups(domains: DomainService, inboxType: QueryType, tenantId?: string) {
  return { domainGroups: await groups(domains, inboxType, tenantId) };
}

export async function domainRegionGroups(domains: DomainService, inboxType: QueryType, tenantId: string) {
  const list = await groups(domains, inboxType, tenantId);
  return {
    domainGroups: list.map((g) => ({
      label: g.label,
      domains: g.domains.map((d) => ({ ...d, creationEnabled: true, sendingEnabled: d.domainType === 'HTTP_INBOX', active: true })),
    })),
  };
}
