import { Type } from '@sinclair/typebox';
import { domainOperation } from './define.js';
import {
  CreateDomainOptions, DomainDto, DomainGroupsDto, DomainHealthEventDto, DomainIdParams, DomainIssuesDto, DomainPreview, DomainRegionGroupsDto,
  InboxTypeFilter, UpdateDomainOptions,
} from '../domain.schemas.js';
import { toDomainDto, toDomainHealthEventDto, toDomainPreview } from '../domain.dto.js';
import { InboxDto } from '../../inbox/inbox.schemas.js';
import { toInboxDto } from '../../inbox/inbox.dto.js';
import { domainGroups, domainRegionGroups } from '../domain-groups.js';

export const createDomain = domainOperation({
  operationId: 'createDomain', method: 'POST', path: '/domains',
  summary: 'Add a custom domain: answers the DNS records to publish (verification TXT, MX, SPF, DKIM with a key made for the domain, DMARC); '
    + 'the domain is verified by real DNS lookups once they are published (409 when the domain is registered already)',
  body: Type.Ref(CreateDomainOptions),
  response: Type.Ref(DomainDto),
  handler: async ({ tenantId, body }, { domains }) => toDomainDto(await domains.create(tenantId, body)),
});

export const getDomains = domainOperation({
  operationId: 'getDomains', method: 'GET', path: '/domains',
  summary: 'Your custom domains, oldest first',
  response: Type.Array(Type.Ref(DomainPreview)),
  handler: async ({ tenantId }, { domains }) => (await domains.list(tenantId)).map(toDomainPreview),
});

// Static paths: matched before /domains/{id}, so never taken for an id.
export const getDomainIssues = domainOperation({
  operationId: 'getDomainIssues', method: 'GET', path: '/domains/issues',
  summary: 'Whether any of your custom domains has a required DNS record missing or a record published twice (as the last check found)',
  response: Type.Ref(DomainIssuesDto),
  handler: async ({ tenantId }, { domains }) => ({ hasIssues: await domains.hasIssues(tenantId) }),
});

export const getAvailableDomains = domainOperation({
  operationId: 'getAvailableDomains', method: 'GET', path: '/domains/available-domains',
  summary: 'The domains your inboxes may use: this server\'s own (PIGEONHOLE_DOMAIN, PIGEONHOLE_DOMAIN_POOL) and your verified custom domains',
  query: InboxTypeFilter,
  response: Type.Ref(DomainGroupsDto),
  handler: async ({ tenantId, query }, { domains }) => domainGroups(domains, query.inboxType, tenantId),
});

export const getMailSlurpDomains = domainOperation({
  operationId: 'getMailSlurpDomains', method: 'GET', path: '/domains/mailslurp-domains',
  summary: 'This server\'s own domains (PIGEONHOLE_DOMAIN and PIGEONHOLE_DOMAIN_POOL)',
  query: InboxTypeFilter,
  response: Type.Ref(DomainGroupsDto),
  handler: async ({ query }, { domains }) => domainGroups(domains, query.inboxType),
});

export const getAvailableDomainRegions = domainOperation({
  operationId: 'getAvailableDomainRegions', method: 'GET', path: '/domains/available-domain-regions',
  summary: 'The domains your inboxes may use, by group. A self-hosted server is a single region (itself): no accountRegion is given, '
    + 'and every domain listed may be used and send',
  query: InboxTypeFilter,
  response: Type.Ref(DomainRegionGroupsDto),
  handler: async ({ tenantId, query }, { domains }) => domainRegionGroups(domains, query.inboxType, tenantId),
});

export const getDomain = domainOperation({
  operationId: 'getDomain', method: 'GET', path: '/domains/{id}',
  summary: 'A custom domain with its records; checkForErrors=true looks the records up in DNS now (503 when every lookup failed: the resolver is away)',
  params: DomainIdParams,
  query: Type.Object({ checkForErrors: Type.Optional(Type.Boolean({ description: 'look the records up now rather than answer the last check' })) }),
  response: Type.Ref(DomainDto),
  handler: async ({ tenantId, params, query }, { domains }) => toDomainDto(await domains.get(tenantId, params.id, query.checkForErrors ?? false)),
});

export const updateDomain = domainOperation({
  operationId: 'updateDomain', method: 'PUT', path: '/domains/{id}',
  summary: 'Set the catch-all inbox of a domain (an inbox of yours), or remove it with null',
  params: DomainIdParams,
  body: Type.Ref(UpdateDomainOptions),
  response: Type.Ref(DomainDto),
  handler: async ({ tenantId, params, body }, { domains }) => toDomainDto(await domains.update(tenantId, params.id, body)),
});

export const deleteDomain = domainOperation({
  operationId: 'deleteDomain', method: 'DELETE', path: '/domains/{id}',
  summary: 'Delete a custom domain; its inboxes are disabled (expired at once: they no longer send or receive, their mail stays readable). '
    + 'Answers the ids of the inboxes disabled',
  params: DomainIdParams,
  response: Type.Array(Type.String()),
  handler: async ({ tenantId, params }, { domains }) => domains.delete(tenantId, params.id),
});

export const getDomainHealthEvents = domainOperation({
  operationId: 'getDomainHealthEvents', method: 'GET', path: '/domains/{id}/health-events',
  summary: 'What DNS checks of the domain found changing (a record gone or back, verification lost or gained), newest first, at most 100',
  params: DomainIdParams,
  response: Type.Array(Type.Ref(DomainHealthEventDto)),
  handler: async ({ tenantId, params }, { domains }) => (await domains.healthEvents(tenantId, params.id)).map(toDomainHealthEventDto),
});

export const addDomainWildcardCatchAll = domainOperation({
  operationId: 'addDomainWildcardCatchAll', method: 'POST', path: '/domains/{id}/wildcard',
  summary: 'Give the domain a catch-all inbox (an address on this server\'s domain): once the domain is verified, mail to any of its addresses '
    + 'without an inbox of its own lands there. Answers the domain; an existing catch-all inbox is kept',
  params: DomainIdParams,
  response: Type.Ref(DomainDto),
  handler: async ({ tenantId, params }, { domains }) => toDomainDto(await domains.addCatchAll(tenantId, params.id)),
});

export const getDomainWildcardCatchAllInbox = domainOperation({
  operationId: 'getDomainWildcardCatchAllInbox', method: 'GET', path: '/domains/{id}/wildcard',
  summary: 'The catch-all inbox of a domain (404 when it has none)',
  params: DomainIdParams,
  response: Type.Ref(InboxDto),
  handler: async ({ tenantId, params }, { domains }) => toInboxDto(await domains.catchAllInbox(tenantId, params.id)),
});
