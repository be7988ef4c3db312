import { Type } from '@sinclair/typebox';
import { Content } from '../../../core/operation.js';
import { toPage } from '../../../core/paging.js';
import { toResultsDto, toRunDto, toScreenshotDto, toTargetDto } from '../device-previews.dto.js';
import { providerOf } from '../device-targets.js';
import {
  CancelDevicePreviewRunOptions, CancelDevicePreviewRunResult, CreateDevicePreviewOptions, CreateDevicePreviewRunResult, DeleteDevicePreviewRunResult,
  DevicePreviewProviderProgressDto, DevicePreviewRunDto, DevicePreviewRunResultsDto, DevicePreviewRunWaitResult, EmailParams,
  PageDevicePreviewRunProjection, ProviderParams, RerunDevicePreviewTargetsOptions, RerunDevicePreviewTargetsResult, RunListQuery, RunPageQuery,
  RunParams, RunScreenshotParams, WaitQuery,
} from '../device-previews.schemas.js';
import { PENDING_TARGET } from '../run-status.js';
import { devicePreviewOperation } from './define.js';

export const createDevicePreviewRun = devicePreviewOperation({
  operationId: 'createDevicePreviewRun', method: 'POST', path: '/emails/{emailId}/device-previews',
  summary: 'Render an email in Chromium at each device target\'s geometry (a new run; rendering continues in the background)',
  params: EmailParams,
  body: Type.Ref(CreateDevicePreviewOptions),
  optionalBody: true,
  response: Type.Ref(CreateDevicePreviewRunResult),
  handler: async ({ tenantId, params, body, baseUrl }, { devicePreviews }) =>
    ({ run: toRunDto(await devicePreviews.runFromEmail(tenantId, params.emailId, body?.nativeTargets), baseUrl), created: true }),
});

export const ensureDevicePreviewRun = devicePreviewOperation({
  operationId: 'ensureDevicePreviewRun', method: 'PUT', path: '/emails/{emailId}/device-previews/latest',
  summary: 'The email\'s latest device preview run for the same targets unless it failed; otherwise a new run',
  params: EmailParams,
  body: Type.Ref(CreateDevicePreviewOptions),
  optionalBody: true,
  response: Type.Ref(CreateDevicePreviewRunResult),
  handler: async ({ tenantId, params, body, baseUrl }, { devicePreviews }) => {
    const { view, created } = await devicePreviews.runs.ensure(tenantId, params.emailId, body?.nativeTargets);
    return { run: toRunDto(view, baseUrl), created };
  },
});

export const getDevicePreviewRun = devicePreviewOperation({
  operationId: 'getDevicePreviewRun', method: 'GET', path: '/emails/device-previews/{runId}',
  summary: 'Get a device preview run',
  params: RunParams,
  response: Type.Ref(DevicePreviewRunDto),
  handler: async ({ tenantId, params, baseUrl }, { devicePreviews }) => toRunDto(await devicePreviews.runs.get(tenantId, params.runId), baseUrl, true),
});

export const getDevicePreviewRuns = devicePreviewOperation({
  operationId: 'getDevicePreviewRuns', method: 'GET', path: '/emails/{emailId}/device-previews',
  summary: 'List an email\'s device preview runs, newest first',
  params: EmailParams,
  query: RunListQuery,
  response: Type.Array(Type.Ref(DevicePreviewRunDto)),
  handler: async ({ tenantId, params, query, baseUrl }, { devicePreviews }) =>
    (await devicePreviews.runs.list(tenantId, { emailId: params.emailId }, query.limit)).map((v) => toRunDto(v, baseUrl, query.hydrateThumbnail)),
});

export const getDevicePreviewRunsForAccount = devicePreviewOperation({
  operationId: 'getDevicePreviewRunsForAccount', method: 'GET', path: '/emails/device-previews',
  summary: 'List your device preview runs, newest first',
  query: RunListQuery,
  response: Type.Array(Type.Ref(DevicePreviewRunDto)),
  handler: async ({ tenantId, query, baseUrl }, { devicePreviews }) =>
    (await devicePreviews.runs.list(tenantId, {}, query.limit)).map((v) => toRunDto(v, baseUrl, query.hydrateThumbnail)),
});

export const getDevicePreviewRunsOffsetPaginated = devicePreviewOperation({
  operationId: 'getDevicePreviewRunsOffsetPaginated', method: 'GET', path: '/emails/{emailId}/device-previews/offset-paginated',
  summary: 'A page of an email\'s device preview runs (newest first unless sort=ASC)',
  params: EmailParams,
  query: RunPageQuery,
  response: Type.Ref(PageDevicePreviewRunProjection),
  handler: async ({ tenantId, params, query, baseUrl }, { devicePreviews }) => {
    const { slice, request } = await devicePreviews.runs.page(tenantId, { emailId: params.emailId }, query);
    return toPage(slice.items.map((v) => toRunDto(v, baseUrl, query.hydrateThumbnail)), slice.total, request);
  },
});

export const getDevicePreviewRunsForAccountOffsetPaginated = devicePreviewOperation({
  operationId: 'getDevicePreviewRunsForAccountOffsetPaginated', method: 'GET', path: '/emails/device-previews/offset-paginated',
  summary: 'A page of your device preview runs (newest first unless sort=ASC)',
  query: RunPageQuery,
  response: Type.Ref(PageDevicePreviewRunProjection),
  handler: async ({ tenantId, query, baseUrl }, { devicePreviews }) => {
    const { slice, request } = await devicePreviews.runs.page(tenantId, {}, query);
    return toPage(slice.items.map((v) => toRunDto(v, baseUrl, query.hydrateThumbnail)), slice.total, request);
  },
});

export const getDevicePreviewRunResults = devicePreviewOperation({
  operationId: 'getDevicePreviewRunResults', method: 'GET', path: '/emails/device-previews/{runId}/results',
  summary: 'A device preview run with its targets and screenshots',
  params: RunParams,
  response: Type.Ref(DevicePreviewRunResultsDto),
  handler: async ({ tenantId, params, baseUrl }, { devicePreviews }) => toResultsDto(await devicePreviews.runs.get(tenantId, params.runId), baseUrl),
});

export const getDevicePreviewRunProviderProgress = devicePreviewOperation({
  operationId: 'getDevicePreviewRunProviderProgress', method: 'GET', path: '/emails/device-previews/{runId}/providers/{provider}',
  summary: 'Progress of a run\'s native targets of one mail provider (never rendered here: they are reported SETUP_REQUIRED)',
  params: ProviderParams,
  response: Type.Ref(DevicePreviewProviderProgressDto),
  handler: async ({ tenantId, params, baseUrl }, { devicePreviews }) => {
    const view = await devicePreviews.runs.get(tenantId, params.runId);
    const targets = view.targets.filter((t) => providerOf(t.targetKey) === params.provider);
    const ids = new Set(targets.map((t) => t.id));
    const screenshots = view.screenshots.filter((s) => ids.has(s.targetId));
    const ready = targets.filter((t) => t.status === 'READY').length;
    const capturing = targets.filter((t) => t.status === 'CAPTURING').length;
    const pending = targets.filter((t) => PENDING_TARGET.includes(t.status) && t.status !== 'CAPTURING').length;
    const failed = targets.length - ready - capturing - pending;
    const status = capturing > 0 ? 'CAPTURING' : pending > 0 ? 'PENDING' : failed === 0 ? 'COMPLETE' : ready > 0 ? 'PARTIAL_COMPLETE' : 'FAILED';
    return {
      run: toRunDto(view, baseUrl), provider: params.provider, status, targetCount: targets.length, readyCount: ready, failedCount: failed,
      capturingCount: capturing, pendingCount: pending, targets: targets.map((t) => toTargetDto(t, view.screenshots)),
      screenshots: screenshots.map((s) => toScreenshotDto(s, view, baseUrl)),
    };
  },
});

export const getDevicePreviewRunScreenshot = devicePreviewOperation({
  operationId: 'getDevicePreviewRunScreenshot', method: 'GET', path: '/emails/device-previews/{runId}/screenshots/{screenshotId}/image',
  summary: 'A device preview screenshot (PNG)',
  params: RunScreenshotParams,
  response: { type: 'string', format: 'binary', description: 'image/png' },
  handler: async ({ tenantId, params }, { devicePreviews }) =>
    new Content(await devicePreviews.runs.screenshot(tenantId, params.runId, params.screenshotId), 'image/png', { 'cache-control': 'private, max-age=3600' }),
});

export const waitForDevicePreviewRun = devicePreviewOperation({
  operationId: 'waitForDevicePreviewRun', method: 'GET', path: '/emails/device-previews/{runId}/wait',
  summary: 'Hold the request until the run has finished (every target rendered or failed) or the timeout',
  params: RunParams,
  query: WaitQuery,
  response: Type.Ref(DevicePreviewRunWaitResult),
  handler: async ({ tenantId, params, query, signal, baseUrl }, { devicePreviews }) => {
    const { timedOut, view } = await devicePreviews.runs.wait(tenantId, params.runId, query.timeoutMillis, signal);
    return { timedOut, run: toRunDto(view, baseUrl, true) };
  },
});

export const cancelDevicePreviewRun = devicePreviewOperation({
  operationId: 'cancelDevicePreviewRun', method: 'POST', path: '/emails/device-previews/{runId}/cancel',
  summary: 'Stop the targets of a run not rendered yet (they fail with CANCELLED)',
  params: RunParams,
  body: Type.Ref(CancelDevicePreviewRunOptions),
  optionalBody: true,
  response: Type.Ref(CancelDevicePreviewRunResult),
  handler: async ({ tenantId, params, body, baseUrl }, { devicePreviews }) => {
    const { view, cancelled } = await devicePreviews.runs.cancel(tenantId, params.runId, body?.reason);
    return {
      run: toRunDto(view, baseUrl), remoteCancelAttempted: false, remoteCancelAccepted: false,
      warning: cancelled === 0 ? 'Nothing to cancel: every target had already finished' : null,
    };
  },
});

export const deleteDevicePreviewRun = devicePreviewOperation({
  operationId: 'deleteDevicePreviewRun', method: 'DELETE', path: '/emails/device-previews/{runId}',
  summary: 'Delete a device preview run with its targets, screenshots and share links',
  params: RunParams,
  response: Type.Ref(DeleteDevicePreviewRunResult),
  handler: async ({ tenantId, params }, { devicePreviews }) => {
    await devicePreviews.runs.delete(tenantId, params.runId);
    // everything is local: there is no remote copy to clean up
    return { runId: params.runId, deleted: true, remoteCleanupAttempted: false, remoteCleanupSucceeded: false };
  },
});

export const rerunDevicePreviewTargets = devicePreviewOperation({
  operationId: 'rerunDevicePreviewTargets', method: 'POST', path: '/emails/device-previews/{runId}/targets/rerun',
  summary: 'Render selected targets of a run again (by default only those that failed)',
  params: RunParams,
  body: Type.Ref(RerunDevicePreviewTargetsOptions),
  response: Type.Ref(RerunDevicePreviewTargetsResult),
  handler: async ({ tenantId, params, body, baseUrl }, { devicePreviews }) => {
    const { view, affected, warnings } = await devicePreviews.runs.rerun(tenantId, params.runId, body.targetIds, body.failedOnly);
    return {
      results: toResultsDto(view, baseUrl), remoteRerunAttempted: false, remoteRerunAccepted: false,
      affectedTargets: affected, affectedTasks: affected > 0 ? 1 : 0, warnings,
    };
  },
});
