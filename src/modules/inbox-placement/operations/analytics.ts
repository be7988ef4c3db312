import { Type } from '@sinclair/typebox';
import { badRequest } from '../../../core/errors.js';
import type { PlacementTestRecord } from '../../../storage/ports.js';
import { groupsOf, pointsOf, runFigures, summaryOf } from '../placement-analytics.js';
import { BreakdownQuery, InboxPlacementAnalyticsBreakdownDto, InboxPlacementAnalyticsSeriesDto, SeriesQuery } from '../placement.schemas.js';
import { placementOperation } from './define.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Most buckets a series answers: an hourly series over a year would be 8,760 points. */
const MAX_BUCKETS = 1_000;

function windowOf(query: { since?: string; before?: string }, now: Date) {
  const before = query.before ? new Date(query.before) : now;
  const since = query.since ? new Date(query.since) : new Date(before.getTime() - 30 * DAY);
  if (since >= before) throw badRequest('since must be before before');
  return { since, before };
}

const matches = (query: { senderDomain?: string; fromEmail?: string }) => (t: PlacementTestRecord) =>
  (!query.senderDomain || t.senderDomain === query.senderDomain.trim().toLowerCase())
  && (!query.fromEmail || t.fromEmail?.toLowerCase() === query.fromEmail.trim().toLowerCase());

export const getInboxPlacementAnalyticsSeries = placementOperation({
  operationId: 'getInboxPlacementAnalyticsSeries', method: 'GET', path: '/inbox-placement-tests/analytics/series',
  summary: 'Your tests over time (30 days before `before` unless given): totals, each run, hourly or daily buckets, optionally per sender domain or from address',
  query: SeriesQuery,
  response: Type.Ref(InboxPlacementAnalyticsSeriesDto),
  handler: async ({ tenantId, query }, { inboxPlacement }) => {
    const { since, before } = windowOf(query, inboxPlacement.now());
    const bucket = query.bucket ?? 'DAY';
    const bucketMs = bucket === 'DAY' ? DAY : HOUR;
    if ((before.getTime() - since.getTime()) / bucketMs > MAX_BUCKETS) throw badRequest(`The window holds more than ${MAX_BUCKETS} ${bucket} buckets: narrow since/before or use DAY`);
    const tests = (await inboxPlacement.list(tenantId, 'API', { since, before, limit: query.runLimit ?? 500 })).filter(matches(query));
    const runs = tests.map(runFigures);
    const groupBy = query.groupBy ?? 'NONE';
    const groups = groupBy === 'NONE' ? [] : groupsOf(runs, groupBy === 'SENDER_DOMAIN' ? 'senderDomain' : 'fromEmail', query.groupLimit ?? 10)
      .map(({ members, ...group }) => ({ ...group, summary: summaryOf(members), points: pointsOf(members, since, before, bucketMs) }));
    return {
      since: since.toISOString(), before: before.toISOString(), bucket, groupBy, senderDomain: query.senderDomain ?? null, fromEmail: query.fromEmail ?? null,
      summary: summaryOf(runs), runs, points: pointsOf(runs, since, before, bucketMs), groups,
    };
  },
});

export const getInboxPlacementAnalyticsBreakdown = placementOperation({
  operationId: 'getInboxPlacementAnalyticsBreakdown', method: 'GET', path: '/inbox-placement-tests/analytics/breakdown',
  summary: 'Your tests in a window broken down by folder (Inbox, Spam, not received), provider (this server) and sender',
  query: BreakdownQuery,
  response: Type.Ref(InboxPlacementAnalyticsBreakdownDto),
  handler: async ({ tenantId, query }, { inboxPlacement }) => {
    const { since, before } = windowOf(query, inboxPlacement.now());
    const runs = (await inboxPlacement.list(tenantId, 'API', { since, before })).filter(matches(query)).map(runFigures);
    const summary = summaryOf(runs);
    const pct = (n: number) => (summary.totalTargets === 0 ? 0 : Math.round((n / summary.totalTargets) * 10_000) / 100);
    const folders = [['Inbox', summary.inboxTargets], ['Spam', summary.spamTargets], ['Not judged', summary.otherFolderTargets], ['Not received', summary.notReceivedTargets]] as const;
    const limit = query.limit ?? 10;
    const senders = (by: 'senderDomain' | 'fromEmail') => groupsOf(runs, by, limit).map(({ members, ...group }) => ({
      ...group, runCount: members.length, lastRunAt: members[0]?.createdAt ?? null, metrics: summaryOf(members),
    }));
    return {
      since: since.toISOString(), before: before.toISOString(), senderDomain: query.senderDomain ?? null, fromEmail: query.fromEmail ?? null, summary,
      folders: folders.filter(([, count]) => count > 0).map(([folder, count]) => ({ folder, count, percentage: pct(count) })),
      providers: summary.totalTargets === 0 ? [] : [{
        provider: inboxPlacement.provider, totalTargets: summary.totalTargets, deliveredTargets: summary.deliveredTargets, inboxTargets: summary.inboxTargets,
        spamTargets: summary.spamTargets, notReceivedTargets: summary.notReceivedTargets, deliveredRatePercentage: pct(summary.deliveredTargets),
        inboxRatePercentage: pct(summary.inboxTargets), spamRatePercentage: pct(summary.spamTargets), notReceivedRatePercentage: pct(summary.notReceivedTargets),
      }],
      senderDomains: senders('senderDomain'), fromEmails: senders('fromEmail'),
    };
  },
});
