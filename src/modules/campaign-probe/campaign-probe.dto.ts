/** Records → wire models of CampaignProbeController, and what is computed from stored runs. */
import type { Static } from '@sinclair/typebox';
import type { CampaignProbeRecord, CampaignProbeRunRecord } from '../../storage/ports.js';
import { diffInsights } from '../email-audit/audit-analysis.js';
import { bucketRuns, round2, streaks, topFindings } from '../shared/run-stats.js';
import type {
  CampaignProbeDto, CampaignProbeInsightsDto, CampaignProbeRunComparisonDto, CampaignProbeRunDto, CampaignProbeSeriesDto, CheckCampaignProbeResults,
} from './campaign-probe.schemas.js';
import type { ProbeRunResult, ProbeStats } from './campaign-probe.service.js';

type RunDto = Static<typeof CampaignProbeRunDto>;
type Status = RunDto['status'];

const resultOf = (run: CampaignProbeRunRecord) => run.result as unknown as ProbeRunResult;

export function toProbeDto(probe: CampaignProbeRecord, stats: ProbeStats): Static<typeof CampaignProbeDto> {
  return {
    id: probe.id, userId: probe.tenantId, name: probe.name, localPart: probe.emailAddress.slice(0, probe.emailAddress.lastIndexOf('@')),
    emailAddress: probe.emailAddress, enabled: probe.enabled, intervalSeconds: probe.intervalSeconds, schedulingEnabled: probe.schedulingEnabled,
    nextRunAt: probe.nextRunAt?.toISOString() ?? null,
    ...(probe.lastRunStatus ? { lastRunStatus: probe.lastRunStatus as Status } : {}),
    lastHealthScore: probe.lastHealthScore, lastIngestAt: stats.lastIngestAt?.toISOString() ?? null, totalIngestCount: stats.totalIngestCount,
    createdAt: probe.createdAt.toISOString(), updatedAt: probe.updatedAt.toISOString(),
  };
}

/** The counts shared by a run and the one-shot check. */
export function toCheckResults(status: string, healthScore: number, r: ProbeRunResult): Static<typeof CheckCampaignProbeResults> {
  return {
    status: status as Status, healthScore, totalChecks: r.totalChecks, passingChecks: r.passingChecks, failingChecks: r.failingChecks,
    checkedLinks: r.checkedLinks, checkedImages: r.checkedImages, linkIssueCount: r.linkIssueCount, imageIssueCount: r.imageIssueCount,
    compatibilityWarningCount: r.compatibilityWarningCount, compatibilityNotSupportedCount: r.compatibilityNotSupportedCount,
    compatibilityUnknownCount: r.compatibilityUnknownCount, htmlErrorCount: r.htmlErrorCount, htmlWarningCount: r.htmlWarningCount,
    htmlInfoCount: r.htmlInfoCount, attachmentMentionIssueCount: r.attachmentMentionIssueCount, insights: r.insights, errorMessage: r.errorMessage,
  };
}

export function toRunDto(run: CampaignProbeRunRecord): RunDto {
  const r = resultOf(run);
  return {
    id: run.id, probeId: run.probeId, userId: run.tenantId, source: run.source as RunDto['source'],
    ...toCheckResults(run.status, run.healthScore, r),
    reputationFailureCount: r.reputationFailureCount, fromAddress: r.fromAddress, recipient: r.recipient, subject: r.subject,
    messageId: r.messageId, sourceMessageId: r.sourceMessageId, processingMs: r.processingMs,
    createdAt: run.createdAt.toISOString(), updatedAt: run.createdAt.toISOString(),
  };
}

export function toComparisonDto(baseline: CampaignProbeRunRecord, current: CampaignProbeRunRecord): Static<typeof CampaignProbeRunComparisonDto> {
  const was = resultOf(baseline);
  const now = resultOf(current);
  const delta = (key: keyof ProbeRunResult) => (now[key] as number) - (was[key] as number);
  const insights = diffInsights(was.insights, now.insights);
  return {
    baseline: toRunDto(baseline), current: toRunDto(current),
    healthScoreDelta: current.healthScore - baseline.healthScore, statusChanged: current.status !== baseline.status,
    linkIssueDelta: delta('linkIssueCount'), imageIssueDelta: delta('imageIssueCount'),
    compatibilityWarningDelta: delta('compatibilityWarningCount'), compatibilityNotSupportedDelta: delta('compatibilityNotSupportedCount'),
    htmlErrorDelta: delta('htmlErrorCount'), htmlWarningDelta: delta('htmlWarningCount'), reputationFailureDelta: delta('reputationFailureCount'),
    attachmentMentionIssueDelta: delta('attachmentMentionIssueCount'), addedInsights: insights.added, removedInsights: insights.removed,
  };
}

function counts(runs: CampaignProbeRunRecord[]) {
  const by = (status: string) => runs.filter((r) => r.status === status).length;
  const healthy = by('HEALTHY');
  return {
    total: runs.length, healthy, warning: by('WARNING'), failed: by('FAILED'),
    healthyRate: runs.length ? round2((100 * healthy) / runs.length) : 0,
    averageHealthScore: runs.length ? round2(runs.reduce((s, r) => s + r.healthScore, 0) / runs.length) : 0,
  };
}

export function toSeriesDto(probeId: string, since: Date, before: Date, bucket: 'HOUR' | 'DAY', runs: CampaignProbeRunRecord[]): Static<typeof CampaignProbeSeriesDto> {
  const points = bucketRuns(runs, bucket === 'HOUR' ? 3600_000 : 24 * 3600_000).map(([start, list]) => {
    const c = counts(list);
    return {
      bucketStart: start.toISOString(), runCount: c.total, healthyCount: c.healthy, warningCount: c.warning, failedCount: c.failed,
      healthyRate: c.healthyRate, averageHealthScore: c.averageHealthScore,
    };
  });
  return { probeId, since: since.toISOString(), before: before.toISOString(), bucket, points };
}

/** Each kind of finding: its count in a run, and how insights name it. */
const FINDINGS: Array<[keyof ProbeRunResult, string]> = [
  ['linkIssueCount', 'Broken links'],
  ['imageIssueCount', 'Broken images'],
  ['htmlErrorCount', 'HTML errors'],
  ['compatibilityNotSupportedCount', 'HTML or CSS some email clients do not support'],
  ['reputationFailureCount', 'SPF, DKIM, DMARC, spam or virus verdicts of FAIL'],
  ['attachmentMentionIssueCount', 'An attachment mentioned but missing'],
];

/** `runs` newest first, as the repository lists them. */
export function toInsightsDto(probeId: string, since: Date, before: Date, runs: CampaignProbeRunRecord[]): Static<typeof CampaignProbeInsightsDto> {
  const c = counts(runs);
  const { current, best } = streaks(runs, (run) => run.status === 'HEALTHY');
  const good: string[] = [];
  const attention: string[] = [];
  const checked = runs.filter((run) => !resultOf(run).errorMessage);
  for (const [key, label] of FINDINGS) {
    const found = checked.filter((run) => (resultOf(run)[key] as number) > 0).length;
    if (found > 0) attention.push(`${label} in ${found} of ${checked.length} checked runs`);
  }
  const linked = checked.filter((run) => resultOf(run).checkedLinks > 0);
  if (linked.length > 0 && linked.every((run) => resultOf(run).linkIssueCount === 0)) good.push(`Every link answered in all ${linked.length} runs that checked links`);
  const imaged = checked.filter((run) => resultOf(run).checkedImages > 0);
  if (imaged.length > 0 && imaged.every((run) => resultOf(run).imageIssueCount === 0)) good.push(`Every image loaded in all ${imaged.length} runs that checked images`);
  if (checked.length > 0 && checked.every((run) => resultOf(run).htmlErrorCount === 0)) good.push(`No HTML errors in all ${checked.length} checked runs`);
  if (checked.length > 0 && checked.every((run) => resultOf(run).reputationFailureCount === 0)) good.push(`No FAIL verdict in all ${checked.length} checked runs`);
  if (current > 0) good.push(`The latest ${current} runs were healthy`);
  const failedToCheck = runs.length - checked.length;
  if (failedToCheck > 0) attention.push(`${failedToCheck} of ${runs.length} runs could not check their message`);
  if (runs[0] && runs[0].status !== 'HEALTHY') attention.push(`The latest run is ${runs[0].status} (health ${runs[0].healthScore})`);
  return {
    probeId, since: since.toISOString(), before: before.toISOString(), totalRuns: c.total, healthyRuns: c.healthy, warningRuns: c.warning,
    failedRuns: c.failed, successRate: c.healthyRate, averageHealthScore: c.averageHealthScore, currentHealthyStreak: current,
    bestHealthyStreak: best, goodPerformanceSignals: good, attentionSignals: attention,
    topFindings: topFindings(runs.map((run) => resultOf(run).insights)),
    ...(runs[0] ? { latestRun: toRunDto(runs[0]) } : {}),
  };
}
