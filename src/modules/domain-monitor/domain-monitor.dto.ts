/** Records → wire models of DomainMonitorController, and what is computed from stored runs. */
import type { Static } from '@sinclair/typebox';
import type { DomainMonitorAlertSinkRecord, DomainMonitorRecord, DomainMonitorRunRecord, DomainMonitorSampleRecord } from '../../storage/ports.js';
import type { CheckName, CheckStatus } from './auth-stack.js';
import type {
  DomainMonitorAlertSinkDto, DomainMonitorDto, DomainMonitorEmailVerificationDto, DomainMonitorInsightsDto, DomainMonitorObservedAuthSampleDto,
  DomainMonitorRunComparisonDto, DomainMonitorRunDto, DomainMonitorSeriesDto, DomainMonitorSeriesPointDto,
} from './domain-monitor.schemas.js';
import type { SampleVerdicts, StoredResult } from './domain-monitor.service.js';
import { csvText } from '../shared/csv.js';
import { bucketRuns, round2, streaks, topFindings } from '../shared/run-stats.js';

type RunDto = Static<typeof DomainMonitorRunDto>;
type SampleDto = Static<typeof DomainMonitorObservedAuthSampleDto>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSampleDto(record: DomainMonitorSampleRecord): SampleDto {
  const sample = record.sample as unknown as SampleVerdicts;
  return {
    id: record.id, monitorId: record.monitorId, domain: sample.domain, recipientAddress: record.recipientAddress,
    sourceMessageId: sample.sourceMessageId, messageId: record.emailId, fromAddress: sample.fromAddress, fromDomain: sample.fromDomain,
    returnPath: sample.returnPath, returnPathDomain: sample.returnPathDomain, spfStatus: sample.spfStatus,
    spfEvaluatedDomain: sample.spfEvaluatedDomain, spfSourceIp: sample.spfSourceIp, dkimStatus: sample.dkimStatus,
    dkimSignatures: sample.dkimSignatures, dmarcStatus: sample.dmarcStatus, dmarcAlignedIdentifier: sample.dmarcAlignedIdentifier,
    trustedAuthenticationResultsSource: sample.trustedAuthenticationResultsSource, providerHints: sample.providerHints,
    accepted: sample.accepted, validationError: sample.validationError,
    receivedAt: record.receivedAt.toISOString(), createdAt: record.createdAt.toISOString(), updatedAt: record.createdAt.toISOString(),
  };
}

export function toVerificationDto(
  monitor: DomainMonitorRecord,
  found: { sampleCount: number; lastSample: DomainMonitorSampleRecord | undefined },
): Static<typeof DomainMonitorEmailVerificationDto> {
  const address = monitor.verificationAddress!;
  return {
    monitorId: monitor.id, emailAddress: address, localPart: address.slice(0, address.lastIndexOf('@')),
    status: found.sampleCount > 0 ? 'COMPLETE' : 'PENDING', sampleCount: found.sampleCount,
    ...(found.lastSample ? { lastSample: toSampleDto(found.lastSample) } : {}),
    createdAt: monitor.verificationCreatedAt!.toISOString(), updatedAt: monitor.verificationUpdatedAt!.toISOString(),
  };
}

export function toMonitorDto(
  monitor: DomainMonitorRecord,
  verification?: { sampleCount: number; lastSample: DomainMonitorSampleRecord | undefined },
): Static<typeof DomainMonitorDto> {
  return {
    id: monitor.id, userId: monitor.tenantId, domain: monitor.domain, name: monitor.name, intervalSeconds: monitor.intervalSeconds,
    enabled: monitor.schedulingEnabled, schedulingEnabled: monitor.schedulingEnabled,
    ...(monitor.lastStatus ? { lastStatus: monitor.lastStatus as RunDto['status'] } : {}),
    healthScore: monitor.healthScore, lastRunAt: iso(monitor.lastRunAt), nextRunAt: iso(monitor.nextRunAt),
    ...(verification && monitor.verificationAddress ? { emailVerification: toVerificationDto(monitor, verification) } : {}),
    dkimSelectors: monitor.dkimSelectors,
    createdAt: monitor.createdAt.toISOString(), updatedAt: monitor.updatedAt.toISOString(),
  };
}

const statusOf = (run: DomainMonitorRunRecord, check: CheckName): CheckStatus | undefined =>
  (run.result as unknown as StoredResult).checks?.find((c) => c.check === check)?.status;
const ok = (run: DomainMonitorRunRecord, check: CheckName) => statusOf(run, check) === 'PASS';

export function toRunDto(run: DomainMonitorRunRecord): RunDto {
  const result = run.result as unknown as StoredResult;
  return {
    id: run.id, monitorId: run.monitorId, userId: run.tenantId, domain: run.domain, status: run.status as RunDto['status'],
    triggerSource: run.triggerSource as RunDto['triggerSource'], healthScore: run.healthScore, totalChecks: run.totalChecks,
    passingChecks: run.passingChecks, failingChecks: run.failingChecks,
    spfOk: ok(run, 'SPF'), dmarcOk: ok(run, 'DMARC') || statusOf(run, 'DMARC') === 'WARN', dmarcEnforced: result.dmarcEnforced,
    mxOk: ok(run, 'MX') && statusOf(run, 'MX_REACHABILITY') !== 'FAIL', dkimOk: ok(run, 'DKIM'), bimiOk: ok(run, 'BIMI'),
    mtaStsOk: ok(run, 'MTA_STS'), tlsReportingOk: ok(run, 'TLS_RPT'),
    blacklistChecked: false, blacklistOk: false, blacklistListed: false,
    insights: insightsOf(run),
    errorMessage: run.errorMessage, createdAt: run.createdAt.toISOString(), updatedAt: run.createdAt.toISOString(),
  };
}

/** One line per check: "SPF PASS: ..." (what the run found, in check order). */
export function insightsOf(run: DomainMonitorRunRecord): string[] {
  return ((run.result as unknown as StoredResult).checks ?? []).map((c) => `${c.check} ${c.status}: ${c.details}`);
}

export function toComparisonDto(baseline: DomainMonitorRunRecord, current: DomainMonitorRunRecord): Static<typeof DomainMonitorRunComparisonDto> {
  const changed = (...checks: CheckName[]) => checks.some((c) => statusOf(baseline, c) !== statusOf(current, c));
  const before = new Set(insightsOf(baseline));
  const after = new Set(insightsOf(current));
  return {
    baseline: toRunDto(baseline), current: toRunDto(current),
    healthScoreDelta: current.healthScore - baseline.healthScore,
    statusChanged: current.status !== baseline.status,
    passingChecksDelta: current.passingChecks - baseline.passingChecks,
    failingChecksDelta: current.failingChecks - baseline.failingChecks,
    spfChanged: changed('SPF'), dmarcChanged: changed('DMARC'),
    dmarcEnforcedChanged: (baseline.result as unknown as StoredResult).dmarcEnforced !== (current.result as unknown as StoredResult).dmarcEnforced,
    mxChanged: changed('MX', 'MX_REACHABILITY'), dkimChanged: changed('DKIM'), bimiChanged: changed('BIMI'),
    mtaStsChanged: changed('MTA_STS'), tlsReportingChanged: changed('TLS_RPT'), blacklistChanged: false,
    addedInsights: [...after].filter((i) => !before.has(i)),
    removedInsights: [...before].filter((i) => !after.has(i)),
  };
}

function counts(runs: DomainMonitorRunRecord[]) {
  const by = (status: string) => runs.filter((r) => r.status === status).length;
  const healthy = by('HEALTHY');
  return {
    total: runs.length, healthy, degraded: by('DEGRADED'), critical: by('CRITICAL'), failed: by('FAILED'),
    healthyRate: runs.length ? round2((100 * healthy) / runs.length) : 0,
    averageHealthScore: runs.length ? round2(runs.reduce((s, r) => s + r.healthScore, 0) / runs.length) : 0,
  };
}

export function toSeriesDto(monitorId: string, since: Date, before: Date, bucket: 'HOUR' | 'DAY', runs: DomainMonitorRunRecord[]): Static<typeof DomainMonitorSeriesDto> {
  const points: Array<Static<typeof DomainMonitorSeriesPointDto>> = bucketRuns(runs, bucket === 'HOUR' ? 3600_000 : 24 * 3600_000).map(([start, list]) => {
    const c = counts(list);
    return {
      bucketStart: start.toISOString(), runCount: c.total, healthyCount: c.healthy, degradedCount: c.degraded,
      criticalCount: c.critical, failedCount: c.failed, healthyRate: c.healthyRate, averageHealthScore: c.averageHealthScore,
    };
  });
  return { monitorId, since: since.toISOString(), before: before.toISOString(), bucket, points };
}

const CHECK_LABELS: Record<CheckName, string> = {
  SPF: 'SPF', DKIM: 'DKIM', DMARC: 'DMARC', MX: 'MX records', MX_REACHABILITY: 'MX reachability', MTA_STS: 'MTA-STS', TLS_RPT: 'TLS-RPT', BIMI: 'BIMI',
};

/** `runs` newest first, as the repository lists them. */
export function toInsightsDto(monitorId: string, since: Date, before: Date, runs: DomainMonitorRunRecord[]): Static<typeof DomainMonitorInsightsDto> {
  const c = counts(runs);
  const { current, best } = streaks(runs, (run) => run.status === 'HEALTHY');
  const good: string[] = [];
  const attention: string[] = [];
  if (runs.length > 0) {
    for (const check of Object.keys(CHECK_LABELS) as CheckName[]) {
      const statuses = runs.map((r) => statusOf(r, check));
      const passed = statuses.filter((s) => s === 'PASS').length;
      const failed = statuses.filter((s) => s === 'FAIL' || s === 'ERROR').length;
      if (passed === runs.length) good.push(`${CHECK_LABELS[check]} passed in all ${runs.length} runs`);
      if (failed > 0) attention.push(`${CHECK_LABELS[check]} failed in ${failed} of ${runs.length} runs`);
      if (statusOf(runs[0]!, check) === 'WARN') attention.push(`${CHECK_LABELS[check]} has a warning in the latest run`);
    }
  }
  // the findings (warnings and failures) the runs of the window reported most often
  const findings = runs.map((run) => ((run.result as unknown as StoredResult).checks ?? [])
    .filter((check) => check.status !== 'PASS').map((check) => `${check.check} ${check.status}: ${check.details}`));
  return {
    monitorId, since: since.toISOString(), before: before.toISOString(), totalRuns: c.total, healthyRuns: c.healthy,
    degradedRuns: c.degraded, criticalRuns: c.critical, failedRuns: c.failed, successRate: c.healthyRate,
    averageHealthScore: c.averageHealthScore, currentHealthyStreak: current, bestHealthyStreak: best,
    goodPerformanceSignals: good, attentionSignals: attention, topFindings: topFindings(findings),
    ...(runs[0] ? { latestRun: toRunDto(runs[0]) } : {}),
  };
}

export function toSinkDto(sink: DomainMonitorAlertSinkRecord): Static<typeof DomainMonitorAlertSinkDto> {
  return {
    id: sink.id, monitorId: sink.monitorId, userId: sink.tenantId, type: sink.type as Static<typeof DomainMonitorAlertSinkDto>['type'],
    target: sink.target, severityThreshold: sink.severityThreshold as Static<typeof DomainMonitorAlertSinkDto>['severityThreshold'],
    enabled: sink.enabled, createdAt: sink.createdAt.toISOString(), updatedAt: sink.updatedAt.toISOString(),
  };
}

export const RUN_CSV_COLUMNS = ['monitorId', 'runId', 'domain', 'runStatus', 'healthScore', 'totalChecks', 'passingChecks', 'failingChecks', 'triggerSource', 'runCreatedAt', 'check', 'checkStatus', 'details'];

export function runResultsCsv(run: DomainMonitorRunRecord): string {
  const rows = [RUN_CSV_COLUMNS];
  for (const check of (run.result as unknown as StoredResult).checks ?? []) {
    rows.push([run.monitorId, run.id, run.domain, run.status, String(run.healthScore), String(run.totalChecks), String(run.passingChecks),
      String(run.failingChecks), run.triggerSource, run.createdAt.toISOString(), check.check, check.status, check.details]);
  }
  return csvText(rows);
}
