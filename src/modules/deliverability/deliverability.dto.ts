/** Records → wire models of DeliverabilityTestController, and what is computed from stored tests. */
import type { Static } from '@sinclair/typebox';
import type { DeliverabilityEntityResult, DeliverabilityScope, DeliverabilityTestRecord, SimulationEventRecord, SimulationJobRecord } from '../../storage/ports.js';
import { bucketRuns, round2 } from '../shared/run-stats.js';
import { csvText } from '../shared/csv.js';
import type {
  DeliverabilityAnalyticsRunDto, DeliverabilityAnalyticsSeriesDto, DeliverabilityAnalyticsSummaryDto, DeliverabilityEntityResultDto,
  DeliverabilityFailureHotspotsDto, DeliverabilitySimulationJobDto, DeliverabilitySimulationJobEventDto, DeliverabilityTestDto,
} from './deliverability.schemas.js';
import { tally } from './tally.js';
import { plannedSends } from './simulation.service.js';

type TestDto = Static<typeof DeliverabilityTestDto>;
type Country = NonNullable<Static<typeof DeliverabilityEntityResultDto>['phoneCountry']>;
const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toTestDto(test: DeliverabilityTestRecord): TestDto {
  const t = tally(test);
  return {
    id: test.id, name: test.name, description: test.description, scope: test.scope,
    selector: {
      type: test.selector.type, pattern: test.selector.pattern, ...(test.selector.phoneCountry ? { phoneCountry: test.selector.phoneCountry as Country } : {}),
      entityIds: test.selector.entityIds, excludeEntityIds: test.selector.excludeEntityIds, tags: test.selector.tags,
    },
    selectedEntityCount: test.selectedEntityCount, expectations: test.expectations, status: test.status,
    startAt: test.startAt.toISOString(), startedAt: iso(test.startedAt), completedAt: iso(test.completedAt),
    maxDurationSeconds: test.maxDurationSeconds, successThresholdPercent: test.successThresholdPercent,
    thresholdStatus: t.thresholdStatus, thresholdMet: t.thresholdMet, lastEvaluatedAt: iso(test.lastEvaluatedAt),
    totalEntities: t.total, matchedEntities: t.matched, unmatchedEntities: t.unmatched, completionPercentage: t.completion,
    timedOut: test.timedOut, failureReason: test.failureReason, createdAt: test.createdAt.toISOString(), updatedAt: test.updatedAt.toISOString(),
  };
}

export function toEntityResultDto(test: DeliverabilityTestRecord, r: DeliverabilityEntityResult): Static<typeof DeliverabilityEntityResultDto> {
  const expectationResults = test.expectations.map((e, i) => ({
    expectationIndex: i, expectationName: e.name, minCount: e.minCount, actualCount: r.counts[i] ?? 0,
    passed: (r.counts[i] ?? 0) >= e.minCount, from: e.from, to: e.to, subject: e.subject,
  }));
  return {
    entityId: r.entityId, entityLabel: r.label, matched: r.matched, matchedExpectationCount: expectationResults.filter((e) => e.passed).length,
    totalExpectationCount: test.expectations.length, ...(r.phoneCountry ? { phoneCountry: r.phoneCountry as Country } : {}),
    evaluatedAt: r.evaluatedAt.toISOString(), expectationResults,
  };
}

/** The test's entity results, matched or not as asked, by label. */
export function entityResults(test: DeliverabilityTestRecord, matched: boolean | undefined, sort: 'ASC' | 'DESC'): DeliverabilityEntityResult[] {
  const list = test.results.filter((r) => matched === undefined || r.matched === matched);
  list.sort((a, b) => a.label.localeCompare(b.label) * (sort === 'DESC' ? -1 : 1));
  return list;
}

export const RESULT_CSV_COLUMNS = ['testId', 'entityId', 'entityLabel', 'phoneCountry', 'matched', 'expectationIndex', 'expectationName', 'minCount', 'actualCount', 'passed', 'from', 'to', 'subject', 'evaluatedAt'];

/** One row per entity and expectation. */
export function resultsCsv(test: DeliverabilityTestRecord, matched: boolean | undefined): string {
  const rows: Array<Array<string | number | boolean | null>> = [RESULT_CSV_COLUMNS];
  for (const r of entityResults(test, matched, 'ASC')) {
    test.expectations.forEach((e, i) => {
      rows.push([test.id, r.entityId, r.label, r.phoneCountry, r.matched, i, e.name, e.minCount, r.counts[i] ?? 0, (r.counts[i] ?? 0) >= e.minCount, e.from, e.to, e.subject, r.evaluatedAt.toISOString()]);
    });
  }
  return csvText(rows);
}

export function toJobDto(job: SimulationJobRecord): Static<typeof DeliverabilitySimulationJobDto> {
  const planned = plannedSends(job);
  const batchesLeft = Math.ceil((planned - job.nextSendIndex) / job.config.batchSize);
  const running = job.status === 'RUNNING' || job.status === 'PAUSED';
  return {
    id: job.id, testId: job.testId, scope: job.scope, status: job.status, createdAt: job.createdAt.toISOString(), updatedAt: job.updatedAt.toISOString(),
    startedAt: iso(job.startedAt), completedAt: iso(job.completedAt), totalTargets: job.targets.length, totalPlannedSends: planned,
    nextSendIndex: job.nextSendIndex, sentCount: job.sentCount, successCount: job.successCount, failureCount: job.failureCount,
    progressPercent: planned === 0 ? 100 : round2((100 * job.sentCount) / planned),
    activeTargetLabel: running && job.nextSendIndex < planned ? job.targets[job.nextSendIndex % job.targets.length]!.label : null,
    estimatedRemainingMs: running ? Math.max(0, batchesLeft - 1) * job.config.delayMs : null,
    configSnapshot: job.config,
    errorSummary: { lastError: job.lastError, topErrors: job.errors.slice(0, 5) },
  };
}

export function toEventDto(e: SimulationEventRecord): Static<typeof DeliverabilitySimulationJobEventDto> {
  return {
    id: e.id, eventType: e.eventType as Static<typeof DeliverabilitySimulationJobEventDto>['eventType'], sendIndex: e.sendIndex, entityId: e.entityId,
    targetLabel: e.targetLabel, expectationName: e.expectationName, attempt: e.attempt, message: e.message, error: e.error, createdAt: e.createdAt.toISOString(),
  };
}

export function summaryOf(tests: DeliverabilityTestRecord[]): Static<typeof DeliverabilityAnalyticsSummaryDto> {
  const by = (status: string) => tests.filter((t) => t.status === status).length;
  const tallies = tests.map(tally);
  const avg = (f: (t: ReturnType<typeof tally>) => number) => (tests.length ? round2(tallies.reduce((s, t) => s + f(t), 0) / tests.length) : 0);
  return {
    totalRuns: tests.length, completeRuns: by('COMPLETE'), failedRuns: by('FAILED'), stoppedRuns: by('STOPPED'), runningRuns: by('RUNNING'),
    scheduledRuns: by('SCHEDULED'), pausedRuns: by('PAUSED'), createdRuns: by('CREATED'),
    thresholdConfiguredRuns: tests.filter((t) => t.successThresholdPercent !== null).length,
    thresholdMetRuns: tallies.filter((t) => t.thresholdMet === true).length,
    averageCompletionPercentage: avg((t) => t.completion), averageMatchedEntities: avg((t) => t.matched), averageUnmatchedEntities: avg((t) => t.unmatched),
  };
}

export function toAnalyticsRunDto(test: DeliverabilityTestRecord): Static<typeof DeliverabilityAnalyticsRunDto> {
  const t = tally(test);
  return {
    id: test.id, name: test.name, scope: test.scope, status: test.status, createdAt: test.createdAt.toISOString(), startAt: test.startAt.toISOString(),
    completedAt: iso(test.completedAt), totalEntities: t.total, matchedEntities: t.matched, unmatchedEntities: t.unmatched,
    completionPercentage: t.completion, successThresholdPercent: test.successThresholdPercent, thresholdStatus: t.thresholdStatus,
  };
}

export function toSeriesDto(since: Date, before: Date, scope: DeliverabilityScope | undefined, bucket: 'HOUR' | 'DAY', tests: DeliverabilityTestRecord[], runLimit: number): Static<typeof DeliverabilityAnalyticsSeriesDto> {
  const size = bucket === 'HOUR' ? 3600_000 : 24 * 3600_000;
  return {
    since: since.toISOString(), before: before.toISOString(), ...(scope ? { scope } : {}), bucket, summary: summaryOf(tests),
    runs: tests.slice(0, runLimit).map(toAnalyticsRunDto),
    points: bucketRuns(tests, size).map(([start, list]) => ({
      bucketStart: start.toISOString(), bucketEnd: new Date(start.getTime() + size).toISOString(), metrics: summaryOf(list),
    })),
  };
}

/** Entities unmatched in the tests that evaluated them, most failures first; and the same by phone country. */
export function toHotspotsDto(since: Date, before: Date, scope: DeliverabilityScope | undefined, tests: DeliverabilityTestRecord[], limit: number): Static<typeof DeliverabilityFailureHotspotsDto> {
  const entities = new Map<string, { label: string; scope: DeliverabilityScope; phoneCountry: string | null; failed: number; total: number }>();
  const countries = new Map<string, { failed: number; total: number }>();
  for (const test of tests) {
    for (const r of test.results) {
      const e = entities.get(r.entityId) ?? { label: r.label, scope: test.scope, phoneCountry: r.phoneCountry, failed: 0, total: 0 };
      e.total++;
      if (!r.matched) e.failed++;
      entities.set(r.entityId, e);
      if (test.scope === 'PHONE' && r.phoneCountry) {
        const c = countries.get(r.phoneCountry) ?? { failed: 0, total: 0 };
        c.total++;
        if (!r.matched) c.failed++;
        countries.set(r.phoneCountry, c);
      }
    }
  }
  const rate = (failed: number, total: number) => round2((100 * failed) / total);
  const entityHotspots = [...entities.entries()].filter(([, e]) => e.failed > 0)
    .sort(([, a], [, b]) => b.failed - a.failed || rate(b.failed, b.total) - rate(a.failed, a.total) || a.label.localeCompare(b.label))
    .slice(0, limit)
    .map(([entityId, e]) => ({
      entityId, entityLabel: e.label, scope: e.scope, ...(e.phoneCountry ? { phoneCountry: e.phoneCountry as Country } : {}),
      failedRunCount: e.failed, totalRunCount: e.total, failureRatePercentage: rate(e.failed, e.total),
    }));
  const phoneDimensionHotspots = [...countries.entries()].filter(([, c]) => c.failed > 0).sort(([, a], [, b]) => b.failed - a.failed).slice(0, limit)
    .map(([country, c]) => ({ phoneCountry: country as Country, failedRunCount: c.failed, totalRunCount: c.total, failureRatePercentage: rate(c.failed, c.total) }));
  return { since: since.toISOString(), before: before.toISOString(), ...(scope ? { scope } : {}), entityHotspots, phoneDimensionHotspots };
}
