import { Type } from '@sinclair/typebox';
import { Content } from '../../../core/operation.js';
import { pageRequest } from '../../../core/paging.js';
import { PageQuery, StringEnum } from '../../shared/schemas.js';
import { entityResults, resultsCsv, toEntityResultDto, toTestDto } from '../deliverability.dto.js';
import {
  CreateDeliverabilityTestOptions, DeliverabilityEntityResultPageDto, DeliverabilityPollStatusResultDto, DeliverabilityTestDto,
  DeliverabilityTestPageDto, TestParams, UpdateDeliverabilityTestOptions,
} from '../deliverability.schemas.js';
import { deliverabilityOperation, simplePage } from './define.js';

export const DeleteResult = Type.Object({ status: StringEnum(['SUCCESS'] as const) }, { $id: 'DeleteResult' });

const testOperation = (operationId: string, path: string, summary: string, act: 'start' | 'pause' | 'stop' | 'duplicate') => deliverabilityOperation({
  operationId, method: 'POST', path, summary,
  params: TestParams,
  response: Type.Ref(DeliverabilityTestDto),
  handler: async ({ tenantId, params }, { deliverabilityTests }) => toTestDto(await deliverabilityTests[act](tenantId, params.testId)),
});

export const createDeliverabilityTest = deliverabilityOperation({
  operationId: 'createDeliverabilityTest', method: 'POST', path: '/test/deliverability',
  summary: 'Create a deliverability test: which of your inboxes (or phone numbers) must receive which messages; CREATED until started, or SCHEDULED with startAt',
  body: Type.Ref(CreateDeliverabilityTestOptions),
  response: Type.Ref(DeliverabilityTestDto),
  handler: async ({ tenantId, body }, { deliverabilityTests }) => toTestDto(await deliverabilityTests.create(tenantId, body)),
});

export const getDeliverabilityTests = deliverabilityOperation({
  operationId: 'getDeliverabilityTests', method: 'GET', path: '/test/deliverability',
  summary: 'List your deliverability tests by creation time',
  query: Type.Object(PageQuery),
  response: Type.Ref(DeliverabilityTestPageDto),
  handler: async ({ tenantId, query }, { deliverabilityTests }) => {
    const req = pageRequest(query, { sort: 'DESC' });
    const { items, total } = await deliverabilityTests.page(tenantId, req);
    return simplePage(items.map(toTestDto), total, req);
  },
});

export const getDeliverabilityTest = deliverabilityOperation({
  operationId: 'getDeliverabilityTest', method: 'GET', path: '/test/deliverability/{testId}',
  summary: 'Get a deliverability test, evaluated against the mail received so far',
  params: TestParams,
  response: Type.Ref(DeliverabilityTestDto),
  handler: async ({ tenantId, params }, { deliverabilityTests }) => toTestDto(await deliverabilityTests.get(tenantId, params.testId)),
});

export const pollDeliverabilityTestStatus = deliverabilityOperation({
  operationId: 'pollDeliverabilityTestStatus', method: 'GET', path: '/test/deliverability/{testId}/status',
  summary: 'The test evaluated now (never a cached answer)',
  params: TestParams,
  response: Type.Ref(DeliverabilityPollStatusResultDto),
  handler: async ({ tenantId, params }, { deliverabilityTests }) => ({
    test: toTestDto(await deliverabilityTests.get(tenantId, params.testId)), cached: false, cacheWindowSeconds: 0, nextRefreshAt: null,
  }),
});

export const updateDeliverabilityTest = deliverabilityOperation({
  operationId: 'updateDeliverabilityTest', method: 'PATCH', path: '/test/deliverability/{testId}',
  summary: 'Change a test (fields left out are kept); a finished test only its name and description, a started one not its startAt',
  params: TestParams,
  body: Type.Ref(UpdateDeliverabilityTestOptions),
  response: Type.Ref(DeliverabilityTestDto),
  handler: async ({ tenantId, params, body }, { deliverabilityTests }) => toTestDto(await deliverabilityTests.update(tenantId, params.testId, body)),
});

export const startDeliverabilityTest = testOperation('startDeliverabilityTest', '/test/deliverability/{testId}/start',
  'Start a CREATED or SCHEDULED test now (its entities are fixed then), or resume a PAUSED one', 'start');
export const pauseDeliverabilityTest = testOperation('pauseDeliverabilityTest', '/test/deliverability/{testId}/pause',
  'Pause a RUNNING test: it is not evaluated until resumed (its time limit still runs)', 'pause');
export const stopDeliverabilityTest = testOperation('stopDeliverabilityTest', '/test/deliverability/{testId}/stop',
  'Stop a test for good, keeping its last evaluation', 'stop');
export const duplicateDeliverabilityTest = testOperation('duplicateDeliverabilityTest', '/test/deliverability/{testId}/duplicate',
  'A new CREATED test with the same selector, expectations and limits', 'duplicate');

export const deleteDeliverabilityTest = deliverabilityOperation({
  operationId: 'deleteDeliverabilityTest', method: 'DELETE', path: '/test/deliverability/{testId}',
  summary: 'Delete a test with its simulation jobs',
  params: TestParams,
  response: Type.Ref(DeleteResult),
  handler: async ({ tenantId, params }, { deliverabilityTests }) => {
    await deliverabilityTests.delete(tenantId, params.testId);
    return { status: 'SUCCESS' as const };
  },
});

const MatchedQuery = { matched: Type.Optional(Type.Boolean({ description: 'only entities that met every expectation (true) or not (false)' })) };

export const getDeliverabilityTestResults = deliverabilityOperation({
  operationId: 'getDeliverabilityTestResults', method: 'GET', path: '/test/deliverability/{testId}/results',
  summary: 'Each watched entity\'s counts per expectation, evaluated now, by address or number',
  params: TestParams,
  query: Type.Object({ ...MatchedQuery, ...PageQuery }),
  response: Type.Ref(DeliverabilityEntityResultPageDto),
  handler: async ({ tenantId, params, query }, { deliverabilityTests }) => {
    const req = pageRequest(query);
    const test = await deliverabilityTests.get(tenantId, params.testId);
    const all = entityResults(test, query.matched, req.sort);
    const content = all.slice(req.page * req.size, (req.page + 1) * req.size).map((r) => toEntityResultDto(test, r));
    return { test: toTestDto(test), ...simplePage(content, all.length, req), matched: query.matched ?? null, cached: false, nextRefreshAt: null };
  },
});

export const exportDeliverabilityTestResults = deliverabilityOperation({
  operationId: 'exportDeliverabilityTestResults', method: 'GET', path: '/test/deliverability/{testId}/results/export',
  summary: 'The entity results as CSV, one row per entity and expectation',
  params: TestParams,
  query: Type.Object(MatchedQuery),
  handler: async ({ tenantId, params, query }, { deliverabilityTests }) => {
    const test = await deliverabilityTests.get(tenantId, params.testId);
    return new Content(resultsCsv(test, query.matched), 'text/csv; charset=utf-8', {
      'content-disposition': `attachment; filename="deliverability-test-${test.id}-results.csv"`,
    });
  },
});

export const exportDeliverabilityTestReport = deliverabilityOperation({
  operationId: 'exportDeliverabilityTestReport', method: 'GET', path: '/test/deliverability/{testId}/report/export',
  summary: 'The test\'s report (status, expectations, every entity\'s counts) as a PDF printed by the server\'s Chromium; 503 without it',
  params: TestParams,
  handler: async ({ tenantId, params }, { deliverabilityTests }) => {
    const { test, pdf } = await deliverabilityTests.reportPdf(tenantId, params.testId);
    return new Content(pdf, 'application/pdf', { 'content-disposition': `attachment; filename="deliverability-test-${test.id}-report.pdf"` });
  },
});
