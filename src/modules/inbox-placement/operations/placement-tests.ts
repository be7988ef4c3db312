import { Type } from '@sinclair/typebox';
import { Content } from '../../../core/operation.js';
import { csvLine } from '../../phone-inventory/phone-inventory.dto.js';
import { analysisOf } from '../placement-analysis.js';
import { resultsOf, shareUrlAt, spamScoresOf, targetsOf, toRunDto } from '../placement.dto.js';
import {
  CreateInboxPlacementTestOptions, InboxPlacementAnalysisBundleDto, InboxPlacementTestResultsDto, InboxPlacementTestRunDto, ListQuery, TestIdParams,
} from '../placement.schemas.js';
import { placementOperation } from './define.js';

export const createInboxPlacementTest = placementOperation({
  operationId: 'createInboxPlacementTest', method: 'POST', path: '/inbox-placement-tests',
  summary: 'Make seed inboxes on this server and a tracking token: send your message to the seeds, then read the results (INBOX or SPAM by SpamAssassin, latency, authentication)',
  body: Type.Ref(CreateInboxPlacementTestOptions),
  response: Type.Ref(InboxPlacementTestRunDto),
  handler: async ({ tenantId, body }, { inboxPlacement }) => toRunDto(await inboxPlacement.create(tenantId, 'API', body)),
});

export const getInboxPlacementTests = placementOperation({
  operationId: 'getInboxPlacementTests', method: 'GET', path: '/inbox-placement-tests',
  summary: 'Your inbox placement tests, newest first, each brought up to date',
  query: ListQuery,
  response: Type.Array(Type.Ref(InboxPlacementTestRunDto)),
  handler: async ({ tenantId, query }, { inboxPlacement }) => (await inboxPlacement.list(tenantId, 'API', { limit: query.limit })).map(toRunDto),
});

export const getInboxPlacementTest = placementOperation({
  operationId: 'getInboxPlacementTest', method: 'GET', path: '/inbox-placement-tests/{id}',
  summary: 'An inbox placement test, brought up to date with what its seeds received',
  params: TestIdParams,
  response: Type.Ref(InboxPlacementTestRunDto),
  handler: async ({ tenantId, params }, { inboxPlacement }) => toRunDto(await inboxPlacement.get(tenantId, params.id, 'API')),
});

export const getInboxPlacementTestResults = placementOperation({
  operationId: 'getInboxPlacementTestResults', method: 'GET', path: '/inbox-placement-tests/{id}/results',
  summary: 'Per seed: received or not, placement verdict, latency and evidence; the spam score out of ten; the analysis',
  params: TestIdParams,
  response: Type.Ref(InboxPlacementTestResultsDto),
  handler: async ({ tenantId, params, baseUrl }, { inboxPlacement }) => {
    const test = await inboxPlacement.get(tenantId, params.id, 'API');
    return { run: toRunDto(test), results: resultsOf(test, inboxPlacement.provider, shareUrlAt(baseUrl), inboxPlacement.now()), spamScores: spamScoresOf(test) };
  },
});

export const getInboxPlacementTestAnalysis = placementOperation({
  operationId: 'getInboxPlacementTestAnalysis', method: 'GET', path: '/inbox-placement-tests/{id}/analysis',
  summary: 'Setup items (delivery, SPF, DKIM, DMARC of the seeds\' messages) and content items (SpamAssassin score and rules, tracking token)',
  params: TestIdParams,
  response: Type.Ref(InboxPlacementAnalysisBundleDto),
  handler: async ({ tenantId, params }, { inboxPlacement }) => analysisOf(await inboxPlacement.get(tenantId, params.id, 'API'), inboxPlacement.now()),
});

const CSV_COLUMNS = ['seedAccountId', 'seedAddress', 'provider', 'segment', 'status', 'placementVerdict', 'placementFolder', 'receivedAt', 'latencyMs', 'spamScore', 'spf', 'dkim', 'dmarc'];

export const exportInboxPlacementTestResults = placementOperation({
  operationId: 'exportInboxPlacementTestResults', method: 'GET', path: '/inbox-placement-tests/{id}/results/export',
  summary: 'The per-seed results as CSV (RFC 4180, CRLF lines, a header line)',
  params: TestIdParams,
  response: { type: 'string', description: 'text/csv' },
  handler: async ({ tenantId, params }, { inboxPlacement }) => {
    const test = await inboxPlacement.get(tenantId, params.id, 'API');
    let csv = csvLine(CSV_COLUMNS);
    for (const t of targetsOf(test, inboxPlacement.provider)) {
      csv += csvLine([String(t.seedAccountId), t.seedAddress, t.provider, t.segment, t.status, t.placementVerdict ?? '', t.placementFolder ?? '',
        t.receivedAt ?? '', t.latencyMs === null ? '' : String(t.latencyMs), t.evidence.spamScore ?? '', t.evidence.spf ?? '', t.evidence.dkim ?? '', t.evidence.dmarc ?? '']);
    }
    return new Content(csv, 'text/csv; charset=utf-8', { 'content-disposition': `attachment; filename="inbox-placement-${test.id}.csv"` });
  },
});
