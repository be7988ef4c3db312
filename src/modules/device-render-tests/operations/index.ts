import { Type } from '@sinclair/typebox';
import { operationsOf } from '../../../core/operation.js';
import type { DeviceRenderTestRecord } from '../../../storage/ports.js';
import type { Services } from '../../services.js';
import { createDevicePreviewImportAddress, getDevicePreviewImportAddress } from './import-addresses.js';
import { CreatePublicDeviceRenderTestOptions, PublicDeviceRenderTestDto, RenderTestParams } from '../device-render-tests.schemas.js';

/** The device render tests, which the client has under ToolsController. */
const renderTestOperation = operationsOf<Services>('ToolsController');

const toDto = (test: DeviceRenderTestRecord, baseUrl: string) => ({
  id: test.id, emailAddress: test.emailAddress, status: test.status, expiresAt: test.expiresAt.toISOString(), sourceFrom: test.sourceFrom,
  sourceSubject: test.sourceSubject, senderDomain: test.senderDomain, runId: test.runId,
  shareUrl: test.shareToken ? `${baseUrl}/emails/device-previews/share/${encodeURIComponent(test.shareToken)}` : null,
  redirectUrl: null, freeLimitReached: false, failureCode: test.failureCode, failureMessage: test.failureMessage,
});

export const createPublicDeviceRenderTest = renderTestOperation({
  operationId: 'createPublicDeviceRenderTest', method: 'POST', path: '/tools/device-render-test',
  summary: 'An address on this server: the first message sent to it is rendered in Chromium at device geometry (a device preview run with a share link)',
  body: Type.Ref(CreatePublicDeviceRenderTestOptions),
  response: Type.Ref(PublicDeviceRenderTestDto),
  handler: async ({ tenantId, baseUrl }, { deviceRenderTests }) => toDto(await deviceRenderTests.create(tenantId), baseUrl),
});

export const getPublicDeviceRenderTest = renderTestOperation({
  operationId: 'getPublicDeviceRenderTest', method: 'GET', path: '/tools/device-render-test/{id}',
  summary: 'A device render test: still waiting for its message, or the run its message started and the share link to its results',
  params: RenderTestParams,
  response: Type.Ref(PublicDeviceRenderTestDto),
  handler: async ({ tenantId, params, baseUrl }, { deviceRenderTests }) => toDto(await deviceRenderTests.get(tenantId, params.id), baseUrl),
});

export const deviceRenderTestOperations = [createPublicDeviceRenderTest, getPublicDeviceRenderTest, createDevicePreviewImportAddress, getDevicePreviewImportAddress];
