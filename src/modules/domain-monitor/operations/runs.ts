import { Type } from '@sinclair/typebox';
import { Content } from '../../../core/operation.js';
import { StringEnum } from '../../shared/schemas.js';
import {
  runResultsCsv, toComparisonDto, toInsightsDto, toRunDto, toSeriesDto,
} from '../domain-monitor.dto.js';
import {
  CheckEmailAuthStackResults, CompareParams, DomainMonitorInsightsDto, DomainMonitorRunComparisonDto, DomainMonitorRunDto,
  DomainMonitorRunDueResult, DomainMonitorRunNowResult, DomainMonitorSeriesDto, DomainMonitorSummaryDto, MONITOR_STATUSES, MonitorParams,
  RunParams, SelectorQuery, WindowQuery,
} from '../domain-monitor.schemas.js';
import { DAY_MS, type StoredResult } from '../domain-monitor.service.js';
import { domainMonitorOperation } from './define.js';
import { monitorDto } from './monitors.js';

const INSIGHTS_SPAN_MS = 30 * DAY_MS;

export const runDomainMonitorNow = domainMonitorOperation({
  operationId: 'runDomainMonitorNow', method: 'POST', path: '/domain-monitor/monitors/{monitorId}/run-now',
  summary: 'Check the domain now and store the run (whether or not scheduling is on)',
  params: MonitorParams,
  response: Type.Ref(DomainMonitorRunNowResult),
  handler: async ({ tenantId, params }, { domainMonitors }) => {
    const { monitor, run } = await domainMonitors.runNow(tenantId, params.monitorId);
    return { monitor: await monitorDto(domainMonitors, tenantId, monitor), run: toRunDto(run) };
  },
});

export const runDueDomainMonitors = domainMonitorOperation({
  operationId: 'runDueDomainMonitors', method: 'POST', path: '/domain-monitor/monitors/run-due',
  summary: 'Run your monitors whose scheduled time has come, now',
  query: Type.Object({ maxRuns: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'most monitors run (1-100, 10 when unset)' })) }),
  response: Type.Ref(DomainMonitorRunDueResult),
  handler: async ({ tenantId, query }, { domainMonitors }) => {
    const maxRuns = query.maxRuns ?? 10;
    const executedAt = domainMonitors.now();
    const runCount = await domainMonitors.runDue(tenantId, maxRuns, 'API');
    return { triggerSource: 'API' as const, runCount, requestedMaxRuns: maxRuns, executedAt: executedAt.toISOString() };
  },
});

export const getDomainMonitorRuns = domainMonitorOperation({
  operationId: 'getDomainMonitorRuns', method: 'GET', path: '/domain-monitor/monitors/{monitorId}/runs',
  summary: 'List a monitor\'s runs, newest first',
  params: MonitorParams,
  query: Type.Object({
    ...WindowQuery,
    status: Type.Optional(StringEnum(MONITOR_STATUSES)),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50, description: 'most runs returned (1-1000, 50 when unset)' })),
  }),
  response: Type.Array(Type.Ref(DomainMonitorRunDto)),
  handler: async ({ tenantId, params, query }, { domainMonitors }) =>
    (await domainMonitors.runs(tenantId, params.monitorId, {
      since: query.since ? new Date(query.since) : undefined, before: query.before ? new Date(query.before) : undefined,
      status: query.status, limit: query.limit,
    })).map(toRunDto),
});

export const getDomainMonitorRun = domainMonitorOperation({
  operationId: 'getDomainMonitorRun', method: 'GET', path: '/domain-monitor/monitors/{monitorId}/runs/{runId}',
  summary: 'Get one run of a monitor',
  params: RunParams,
  response: Type.Ref(DomainMonitorRunDto),
  handler: async ({ tenantId, params }, { domainMonitors }) => toRunDto(await domainMonitors.getRun(tenantId, params.monitorId, params.runId)),
});

export const compareDomainMonitorRuns = domainMonitorOperation({
  operationId: 'compareDomainMonitorRuns', method: 'GET', path: '/domain-monitor/monitors/{monitorId}/runs/{runId}/compare/{otherRunId}',
  summary: 'What changed between two runs of a monitor (the older one is the baseline)',
  params: CompareParams,
  response: Type.Ref(DomainMonitorRunComparisonDto),
  handler: async ({ tenantId, params }, { domainMonitors }) => {
    const { baseline, current } = await domainMonitors.compare(tenantId, params.monitorId, params.runId, params.otherRunId);
    return toComparisonDto(baseline, current);
  },
});

export const exportDomainMonitorRunResults = domainMonitorOperation({
  operationId: 'exportDomainMonitorRunResults', method: 'GET', path: '/domain-monitor/monitors/{monitorId}/runs/{runId}/results/export',
  summary: 'A run\'s per-check results as CSV (one row per check, with the run\'s status and score)',
  params: RunParams,
  handler: async ({ tenantId, params }, { domainMonitors }) => {
    const run = await domainMonitors.getRun(tenantId, params.monitorId, params.runId);
    return new Content(runResultsCsv(run), 'text/csv; charset=utf-8', {
      'content-disposition': `attachment; filename="domain-monitor-${run.domain}-${run.id}.csv"`,
    });
  },
});

export const getDomainMonitorSeries = domainMonitorOperation({
  operationId: 'getDomainMonitorSeries', method: 'GET', path: '/domain-monitor/monitors/{monitorId}/series',
  summary: 'Runs per hour or day with their statuses and average score (last 48 hours by hour, last 30 days by day, unless since/before say)',
  params: MonitorParams,
  query: Type.Object({ ...WindowQuery, bucket: Type.Optional(StringEnum(['HOUR', 'DAY'] as const)) }),
  response: Type.Ref(DomainMonitorSeriesDto),
  handler: async ({ tenantId, params, query }, { domainMonitors }) => {
    const bucket = query.bucket ?? 'DAY';
    const { since, before, runs } = await domainMonitors.windowRuns(tenantId, params.monitorId, {
      since: query.since ? new Date(query.since) : undefined, before: query.before ? new Date(query.before) : undefined,
    }, bucket === 'HOUR' ? 2 * DAY_MS : 30 * DAY_MS);
    return toSeriesDto(params.monitorId, since, before, bucket, runs);
  },
});

export const getDomainMonitorInsights = domainMonitorOperation({
  operationId: 'getDomainMonitorInsights', method: 'GET', path: '/domain-monitor/monitors/{monitorId}/insights',
  summary: 'Counts, rates, streaks and findings of a monitor\'s stored runs (last 30 days unless since/before say)',
  params: MonitorParams,
  query: Type.Object(WindowQuery),
  response: Type.Ref(DomainMonitorInsightsDto),
  handler: async ({ tenantId, params, query }, { domainMonitors }) => {
    const { since, before, runs } = await domainMonitors.windowRuns(tenantId, params.monitorId, {
      since: query.since ? new Date(query.since) : undefined, before: query.before ? new Date(query.before) : undefined,
    }, INSIGHTS_SPAN_MS);
    return toInsightsDto(params.monitorId, since, before, runs);
  },
});

export const getDomainMonitorSummary = domainMonitorOperation({
  operationId: 'getDomainMonitorSummary', method: 'GET', path: '/domain-monitor/monitors/{monitorId}/summary',
  summary: 'The monitor, its latest run, its insights (last 30 days) and its auth stack (the latest run\'s; looked up now when there is no run yet or dkimSelector is given)',
  params: MonitorParams,
  query: SelectorQuery,
  response: Type.Ref(DomainMonitorSummaryDto),
  handler: async ({ tenantId, params, query }, { domainMonitors }) => {
    const monitor = await domainMonitors.get(tenantId, params.monitorId);
    const { since, before, runs } = await domainMonitors.windowRuns(tenantId, monitor.id, {}, INSIGHTS_SPAN_MS);
    const latest = await domainMonitors.latestRun(tenantId, monitor.id);
    const authStack = latest && !query.dkimSelector
      ? (latest.result as unknown as StoredResult).stack
      : await domainMonitors.authStack(tenantId, monitor.id, query.dkimSelector);
    return {
      monitor: await monitorDto(domainMonitors, tenantId, monitor),
      ...(latest ? { latestRun: toRunDto(latest) } : {}),
      insights: toInsightsDto(monitor.id, since, before, runs),
      authStack,
    };
  },
});

export const getDomainMonitorAuthStack = domainMonitorOperation({
  operationId: 'getDomainMonitorAuthStack', method: 'GET', path: '/domain-monitor/monitors/{monitorId}/auth-stack',
  summary: 'Look up the domain\'s auth stack now (not stored as a run)',
  params: MonitorParams,
  query: SelectorQuery,
  response: Type.Ref(CheckEmailAuthStackResults),
  handler: async ({ tenantId, params, query }, { domainMonitors }) => domainMonitors.authStack(tenantId, params.monitorId, query.dkimSelector),
});
