import { Type } from '@sinclair/typebox';
import { StringEnum } from '../../shared/schemas.js';
import { toHotspotsDto, toSeriesDto } from '../deliverability.dto.js';
import { DeliverabilityAnalyticsSeriesDto, DeliverabilityFailureHotspotsDto, WindowQuery } from '../deliverability.schemas.js';
import { deliverabilityOperation } from './define.js';

const DAY_MS = 24 * 3600 * 1000;

/** The window asked for, by default the span before now (before is exclusive: just after now). */
function windowOf(query: { since?: string; before?: string }, now: Date, spanMs: number) {
  const before = query.before ? new Date(query.before) : new Date(now.getTime() + 1);
  return { since: query.since ? new Date(query.since) : new Date(before.getTime() - spanMs), before };
}

export const getDeliverabilityAnalyticsSeries = deliverabilityOperation({
  operationId: 'getDeliverabilityAnalyticsSeries', method: 'GET', path: '/test/deliverability/analytics/series',
  summary: 'Your tests made in the window (last 48 hours by hour, last 30 days by day unless since/before say), as last evaluated: a summary, the runs and one summary per bucket',
  query: Type.Object({
    ...WindowQuery,
    bucket: Type.Optional(StringEnum(['HOUR', 'DAY'] as const)),
    runLimit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50, description: 'most runs listed, newest first (1-500, 50 when unset)' })),
  }),
  response: Type.Ref(DeliverabilityAnalyticsSeriesDto),
  handler: async ({ tenantId, query }, { deliverabilityTests }) => {
    const bucket = query.bucket ?? 'DAY';
    const { since, before } = windowOf(query, deliverabilityTests.now(), bucket === 'HOUR' ? 2 * DAY_MS : 30 * DAY_MS);
    const tests = await deliverabilityTests.listCreated(tenantId, { since, before, scope: query.scope });
    return toSeriesDto(since, before, query.scope, bucket, tests, query.runLimit ?? 50);
  },
});

export const getDeliverabilityFailureHotspots = deliverabilityOperation({
  operationId: 'getDeliverabilityFailureHotspots', method: 'GET', path: '/test/deliverability/analytics/hotspots',
  summary: 'The entities (and phone countries) that failed most often in your tests made in the window (last 30 days unless since/before say)',
  query: Type.Object({
    ...WindowQuery,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 20, description: 'most hotspots of each kind (1-500, 20 when unset)' })),
  }),
  response: Type.Ref(DeliverabilityFailureHotspotsDto),
  handler: async ({ tenantId, query }, { deliverabilityTests }) => {
    const { since, before } = windowOf(query, deliverabilityTests.now(), 30 * DAY_MS);
    const tests = await deliverabilityTests.listCreated(tenantId, { since, before, scope: query.scope });
    return toHotspotsDto(since, before, query.scope, tests, query.limit ?? 20);
  },
});
