import { Type } from '@sinclair/typebox';
import { StringEnum } from '../../shared/schemas.js';
import { toCheckResults, toComparisonDto, toInsightsDto, toRunDto, toSeriesDto } from '../campaign-probe.dto.js';
import {
  CampaignProbeInsightsDto, CampaignProbeRunComparisonDto, CampaignProbeRunDto, CampaignProbeRunDueResult, CampaignProbeRunNowResult,
  CampaignProbeSeriesDto, CheckCampaignProbeOptions, CheckCampaignProbeResults, CompareParams, CreateCampaignProbeRunOptions, PROBE_STATUSES,
  ProbeParams, RunParams, WindowQuery,
} from '../campaign-probe.schemas.js';
import { campaignProbeOperation, toolsProbeOperation } from './define.js';
import { probeDto } from './probes.js';

const DAY_MS = 24 * 3600 * 1000;
const date = (value: string | undefined) => (value ? new Date(value) : undefined);

export const runCampaignProbeNow = campaignProbeOperation({
  operationId: 'runCampaignProbeNow', method: 'POST', path: '/campaign-probe/probes/{probeId}/run-now',
  summary: 'Check the given content now, or with no body given the latest message received at the probe\'s address, and store the run',
  params: ProbeParams,
  body: Type.Ref(CreateCampaignProbeRunOptions),
  response: Type.Ref(CampaignProbeRunNowResult),
  handler: async ({ tenantId, params, body }, { campaignProbes }) => {
    const { probe, run } = await campaignProbes.runNow(tenantId, params.probeId, body);
    return { probe: await probeDto(campaignProbes, probe), run: toRunDto(run) };
  },
});

export const runDueCampaignProbes = campaignProbeOperation({
  operationId: 'runDueCampaignProbes', method: 'POST', path: '/campaign-probe/probes/run-due',
  summary: 'Re-check now the latest message of your probes whose scheduled time has come',
  query: Type.Object({ maxRuns: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'most probes run (1-100, 10 when unset)' })) }),
  response: Type.Ref(CampaignProbeRunDueResult),
  handler: async ({ tenantId, query }, { campaignProbes }) => {
    const maxRuns = query.maxRuns ?? 10;
    const executedAt = campaignProbes.now();
    const { due, runs, skipped } = await campaignProbes.runDue(tenantId, maxRuns, 'DIRECT_API');
    return { triggerSource: 'DIRECT_API' as const, runCount: runs, dueProbeCount: due, skippedCount: skipped, requestedMaxRuns: maxRuns, executedAt: executedAt.toISOString() };
  },
});

export const getCampaignProbeRuns = campaignProbeOperation({
  operationId: 'getCampaignProbeRuns', method: 'GET', path: '/campaign-probe/probes/{probeId}/runs',
  summary: 'List a probe\'s runs, newest first (messages received since it was last read are checked first)',
  params: ProbeParams,
  query: Type.Object({
    ...WindowQuery,
    status: Type.Optional(StringEnum(PROBE_STATUSES)),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50, description: 'most runs returned (1-1000, 50 when unset)' })),
  }),
  response: Type.Array(Type.Ref(CampaignProbeRunDto)),
  handler: async ({ tenantId, params, query }, { campaignProbes }) => (await campaignProbes.runs(tenantId, params.probeId, {
    since: date(query.since), before: date(query.before), status: query.status, limit: query.limit,
  })).map(toRunDto),
});

export const getCampaignProbeRun = campaignProbeOperation({
  operationId: 'getCampaignProbeRun', method: 'GET', path: '/campaign-probe/probes/{probeId}/runs/{runId}',
  summary: 'Get one run of a probe',
  params: RunParams,
  response: Type.Ref(CampaignProbeRunDto),
  handler: async ({ tenantId, params }, { campaignProbes }) => toRunDto(await campaignProbes.getRun(tenantId, params.probeId, params.runId)),
});

export const compareCampaignProbeRuns = campaignProbeOperation({
  operationId: 'compareCampaignProbeRuns', method: 'GET', path: '/campaign-probe/probes/{probeId}/runs/{runId}/compare/{otherRunId}',
  summary: 'What changed between two runs of a probe (the older one is the baseline): score and count differences, findings added and removed',
  params: CompareParams,
  response: Type.Ref(CampaignProbeRunComparisonDto),
  handler: async ({ tenantId, params }, { campaignProbes }) => {
    const { baseline, current } = await campaignProbes.compare(tenantId, params.probeId, params.runId, params.otherRunId);
    return toComparisonDto(baseline, current);
  },
});

export const getCampaignProbeSeries = campaignProbeOperation({
  operationId: 'getCampaignProbeSeries', method: 'GET', path: '/campaign-probe/probes/{probeId}/series',
  summary: 'Runs per hour or day with their statuses and average score (last 48 hours by hour, last 30 days by day, unless since/before say)',
  params: ProbeParams,
  query: Type.Object({ ...WindowQuery, bucket: Type.Optional(StringEnum(['HOUR', 'DAY'] as const)) }),
  response: Type.Ref(CampaignProbeSeriesDto),
  handler: async ({ tenantId, params, query }, { campaignProbes }) => {
    const bucket = query.bucket ?? 'DAY';
    const { since, before, runs } = await campaignProbes.windowRuns(tenantId, params.probeId, { since: date(query.since), before: date(query.before) },
      bucket === 'HOUR' ? 2 * DAY_MS : 30 * DAY_MS);
    return toSeriesDto(params.probeId, since, before, bucket, runs);
  },
});

export const getCampaignProbeInsights = campaignProbeOperation({
  operationId: 'getCampaignProbeInsights', method: 'GET', path: '/campaign-probe/probes/{probeId}/insights',
  summary: 'Counts, rates, streaks, signals and the most frequent findings of a probe\'s runs (last 30 days unless since/before say)',
  params: ProbeParams,
  query: Type.Object(WindowQuery),
  response: Type.Ref(CampaignProbeInsightsDto),
  handler: async ({ tenantId, params, query }, { campaignProbes }) => {
    const { since, before, runs } = await campaignProbes.windowRuns(tenantId, params.probeId, { since: date(query.since), before: date(query.before) }, 30 * DAY_MS);
    return toInsightsDto(params.probeId, since, before, runs);
  },
});

export const checkCampaignProbe = toolsProbeOperation({
  operationId: 'checkCampaignProbe', method: 'POST', path: '/tools/check-campaign-probe',
  summary: 'Check given campaign content once, nothing stored: links and images fetched, HTML validation, email-client support, accessibility',
  body: Type.Ref(CheckCampaignProbeOptions),
  response: Type.Ref(CheckCampaignProbeResults),
  handler: async ({ body }, { campaignProbes }) => {
    const checked = await campaignProbes.check(body);
    return toCheckResults(checked.status, checked.healthScore, checked.result);
  },
});
