import type { PlacementTestRecord } from '../../storage/ports.js';
import { countsOf } from './placement.dto.js';
import { testState } from './placement.service.js';

const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100);
const mean = (values: number[]) => (values.length === 0 ? 0 : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100);

/** One run's figures: delivered = received; folders are Inbox and Spam only (no tabs here). */
export function runFigures(test: PlacementTestRecord) {
  const c = countsOf(test);
  return {
    id: test.id, remoteTestId: test.id, senderDomain: test.senderDomain, fromEmail: test.fromEmail, status: testState(test),
    reportStatus: test.completedAt ? 'READY' : 'PENDING', createdAt: test.createdAt.toISOString(), startedAt: test.createdAt.toISOString(),
    completedAt: test.completedAt?.toISOString() ?? null, totalTargets: c.totalTargets, matchedTargets: c.matchedTargets,
    deliveredTargets: c.matchedTargets, inboxTargets: c.inboxTargets, spamTargets: c.spamTargets, promotionTargets: 0, socialTargets: 0,
    updateTargets: 0, forumTargets: 0, otherFolderTargets: c.matchedTargets - c.inboxTargets - c.spamTargets, notReceivedTargets: c.notReceivedTargets,
    deliveredRatePercentage: pct(c.matchedTargets, c.totalTargets), inboxRatePercentage: pct(c.inboxTargets, c.totalTargets),
    spamRatePercentage: pct(c.spamTargets, c.totalTargets), promotionRatePercentage: 0, notReceivedRatePercentage: pct(c.notReceivedTargets, c.totalTargets),
  };
}

export type RunFigures = ReturnType<typeof runFigures>;

/** Totals over runs; the averages are of each run's rate. No run fails here: failedRuns is 0. */
export function summaryOf(runs: RunFigures[]) {
  const sum = (field: keyof RunFigures) => runs.reduce((total, r) => total + (r[field] as number), 0);
  return {
    totalRuns: runs.length, completedRuns: runs.filter((r) => r.status === 'COMPLETED').length,
    activeRuns: runs.filter((r) => r.status !== 'COMPLETED').length, failedRuns: 0,
    totalTargets: sum('totalTargets'), matchedTargets: sum('matchedTargets'), deliveredTargets: sum('deliveredTargets'), inboxTargets: sum('inboxTargets'),
    spamTargets: sum('spamTargets'), promotionTargets: 0, socialTargets: 0, updateTargets: 0, forumTargets: 0,
    otherFolderTargets: sum('otherFolderTargets'), notReceivedTargets: sum('notReceivedTargets'),
    averageDeliveredRatePercentage: mean(runs.map((r) => r.deliveredRatePercentage)), averageInboxRatePercentage: mean(runs.map((r) => r.inboxRatePercentage)),
    averageSpamRatePercentage: mean(runs.map((r) => r.spamRatePercentage)), averagePromotionRatePercentage: 0,
    averageNotReceivedRatePercentage: mean(runs.map((r) => r.notReceivedRatePercentage)),
  };
}

/** Buckets of `bucketMs` from `since` to `before`, each with the summary of the runs made in it. */
export function pointsOf(runs: RunFigures[], since: Date, before: Date, bucketMs: number) {
  const points = [];
  const start = Math.floor(since.getTime() / bucketMs) * bucketMs;
  for (let at = start; at < before.getTime(); at += bucketMs) {
    const inBucket = runs.filter((r) => { const t = Date.parse(r.createdAt); return t >= at && t < at + bucketMs; });
    points.push({ bucketStart: new Date(at).toISOString(), bucketEnd: new Date(at + bucketMs).toISOString(), metrics: summaryOf(inBucket) });
  }
  return points;
}

/** Runs grouped by sender domain or from address, the largest groups first. */
export function groupsOf(runs: RunFigures[], by: 'senderDomain' | 'fromEmail', limit: number) {
  const groups = new Map<string, RunFigures[]>();
  for (const r of runs) {
    const key = r[by] ?? '(none)';
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups].sort((a, b) => b[1].length - a[1].length).slice(0, limit).map(([key, members]) => ({
    key, label: key, senderDomain: by === 'senderDomain' ? members[0]!.senderDomain : null, fromEmail: by === 'fromEmail' ? members[0]!.fromEmail : null, members,
  }));
}
