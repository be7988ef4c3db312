import { Type } from '@sinclair/typebox';
import { postmasterOperation } from './define.js';
import {
  CreatePostmasterConnectionOptions, CreatePostmasterConnectionResult, DayString, DomainName, ExchangePostmasterCodeOptions,
  PostmasterConnectionDto, PostmasterConnectionStatusDto, PostmasterDomainDto, PostmasterTrafficStatsListDto,
} from '../postmaster.schemas.js';
import { toPostmasterConnectionDto, toPostmasterDomainDto, toPostmasterTrafficStatsDto } from '../postmaster.dto.js';
import { badRequest } from '../../../core/errors.js';
import type { PostmasterTrafficStatsRecord } from '../../../storage/ports.js';

const DomainParams = Type.Object({ domain: DomainName });
const RangeQuery = Type.Object({ startDate: Type.Optional(DayString), endDate: Type.Optional(DayString) });

function range(query: { startDate?: string; endDate?: string }) {
  for (const [name, day] of Object.entries(query)) {
    const time = Date.parse(`${day}T00:00:00Z`);
    if (Number.isNaN(time) || day < '0001-01-01' || new Date(time).toISOString().slice(0, 10) !== day) throw badRequest(`${name} is not a calendar day: ${day}`);
  }
  if (query.startDate && query.endDate && query.startDate > query.endDate) throw badRequest('startDate is after endDate');
  return query;
}

const statsList = (domain: string, query: { startDate?: string; endDate?: string }, stats: PostmasterTrafficStatsRecord[]) => ({
  domain: domain.toLowerCase(),
  startDate: query.startDate ?? null,
  endDate: query.endDate ?? null,
  stats: stats.map(toPostmasterTrafficStatsDto),
});

export const createDomainMonitorPostmasterConnection = postmasterOperation({
  operationId: 'createDomainMonitorPostmasterConnection', method: 'POST', path: '/domain-monitor/postmaster/connect',
  summary: 'The Google authorization URL (scope postmaster.readonly) that connects Gmail Postmaster Tools to your account; its state works once, for you only',
  body: Type.Ref(CreatePostmasterConnectionOptions),
  response: Type.Ref(CreatePostmasterConnectionResult),
  handler: ({ tenantId, body }, { postmaster }) => postmaster.createConnection(tenantId, body),
});

export const exchangeDomainMonitorPostmasterCode = postmasterOperation({
  operationId: 'exchangeDomainMonitorPostmasterCode', method: 'POST', path: '/domain-monitor/postmaster/oauth-exchange',
  summary: 'Exchange the code Google sent to the redirect URI for tokens, kept on the server (never returned)',
  body: Type.Ref(ExchangePostmasterCodeOptions),
  response: Type.Ref(PostmasterConnectionDto),
  handler: async ({ tenantId, body }, { postmaster }) => toPostmasterConnectionDto(await postmaster.exchangeCode(tenantId, body)),
});

export const getDomainMonitorPostmasterConnection = postmasterOperation({
  operationId: 'getDomainMonitorPostmasterConnection', method: 'GET', path: '/domain-monitor/postmaster/connection',
  summary: 'Whether Gmail Postmaster Tools is connected, and the connection',
  response: Type.Ref(PostmasterConnectionStatusDto),
  handler: async ({ tenantId }, { postmaster }) => {
    const connection = await postmaster.connection(tenantId);
    return { connected: connection?.status === 'CONNECTED', connection: connection ? toPostmasterConnectionDto(connection) : null };
  },
});

export const deleteDomainMonitorPostmasterConnection = postmasterOperation({
  operationId: 'deleteDomainMonitorPostmasterConnection', method: 'DELETE', path: '/domain-monitor/postmaster/connection',
  summary: 'Forget the Postmaster connection, its tokens and the domains and statistics fetched with it',
  status: 204,
  handler: async ({ tenantId }, { postmaster }) => {
    await postmaster.disconnect(tenantId);
  },
});

export const getDomainMonitorPostmasterDomains = postmasterOperation({
  operationId: 'getDomainMonitorPostmasterDomains', method: 'GET', path: '/domain-monitor/postmaster/domains',
  summary: 'The Postmaster Tools domains fetched by the last syncs',
  response: Type.Array(Type.Ref(PostmasterDomainDto)),
  handler: async ({ tenantId }, { postmaster }) => (await postmaster.domains(tenantId)).map(toPostmasterDomainDto),
});

export const syncDomainMonitorPostmasterDomains = postmasterOperation({
  operationId: 'syncDomainMonitorPostmasterDomains', method: 'POST', path: '/domain-monitor/postmaster/domains/sync',
  summary: 'Fetch the domains registered in Gmail Postmaster Tools (GET /v1/domains) and store them',
  response: Type.Array(Type.Ref(PostmasterDomainDto)),
  handler: async ({ tenantId }, { postmaster }) => (await postmaster.syncDomains(tenantId)).map(toPostmasterDomainDto),
});

export const getDomainMonitorPostmasterTrafficStats = postmasterOperation({
  operationId: 'getDomainMonitorPostmasterTrafficStats', method: 'GET', path: '/domain-monitor/postmaster/domains/{domain}/traffic-stats',
  summary: 'The stored daily traffic statistics of a domain, oldest first, between startDate and endDate (both included)',
  params: DomainParams,
  query: RangeQuery,
  response: Type.Ref(PostmasterTrafficStatsListDto),
  handler: async ({ tenantId, params, query }, { postmaster }) =>
    statsList(params.domain, query, await postmaster.trafficStats(tenantId, params.domain, range(query))),
});

export const syncDomainMonitorPostmasterTrafficStats = postmasterOperation({
  operationId: 'syncDomainMonitorPostmasterTrafficStats', method: 'POST', path: '/domain-monitor/postmaster/domains/{domain}/traffic-stats/sync',
  summary: 'Fetch a domain\'s daily traffic statistics from Gmail Postmaster Tools (GET /v1/domains/{domain}/trafficStats, every page) and store them',
  params: DomainParams,
  query: RangeQuery,
  response: Type.Ref(PostmasterTrafficStatsListDto),
  handler: async ({ tenantId, params, query }, { postmaster }) =>
    statsList(params.domain, query, await postmaster.syncTrafficStats(tenantId, params.domain, range(query))),
});

/** DomainMonitorPostmasterController: Google Postmaster Tools through the operator's OAuth client. */
export const postmasterOperations = [
  createDomainMonitorPostmasterConnection, exchangeDomainMonitorPostmasterCode, getDomainMonitorPostmasterConnection,
  deleteDomainMonitorPostmasterConnection, getDomainMonitorPostmasterDomains, syncDomainMonitorPostmasterDomains,
  getDomainMonitorPostmasterTrafficStats, syncDomainMonitorPostmasterTrafficStats,
];
