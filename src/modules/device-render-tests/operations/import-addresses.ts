import { Type } from '@sinclair/typebox';
import { operationsOf } from '../../../core/operation.js';
import type { DeviceRenderTestRecord } from '../../../storage/ports.js';
import type { Services } from '../../services.js';
import { CreateDevicePreviewIngestAddressOptions, DevicePreviewIngestAddressDto, ImportAddressParams } from '../device-render-tests.schemas.js';

/** The temporary import addresses, which the client has under DevicePreviewsController. */
const importAddressOperation = operationsOf<Services>('DevicePreviewsController');

const toDto = (a: DeviceRenderTestRecord) => ({
  sessionId: a.id, emailAddress: a.emailAddress, status: a.status, runId: a.runId, sourceFrom: a.sourceFrom, sourceTo: a.sourceTo,
  sourceSubject: a.sourceSubject, sourceMessageId: a.sourceMessageId, sourceSizeBytes: a.sourceSizeBytes,
  latestError: a.failureMessage, expiresAt: a.expiresAt.toISOString(), createdAt: a.createdAt.toISOString(), updatedAt: a.updatedAt.toISOString(),
});

export const createDevicePreviewImportAddress = importAddressOperation({
  operationId: 'createDevicePreviewImportAddress', method: 'POST', path: '/emails/device-previews/import-addresses',
  summary: 'An address on this server for an hour: the first message sent to it becomes a device preview run of the targets given (the defaults when none)',
  body: Type.Ref(CreateDevicePreviewIngestAddressOptions),
  response: Type.Ref(DevicePreviewIngestAddressDto),
  handler: async ({ tenantId, body }, { deviceRenderTests }) =>
    toDto(await deviceRenderTests.create(tenantId, 'IMPORT_ADDRESS', body.options?.nativeTargets ?? null)),
});

export const getDevicePreviewImportAddress = importAddressOperation({
  operationId: 'getDevicePreviewImportAddress', method: 'GET', path: '/emails/device-previews/import-addresses/{sessionId}',
  summary: 'An import address: still waiting for its message, or the run its message started',
  params: ImportAddressParams,
  response: Type.Ref(DevicePreviewIngestAddressDto),
  handler: async ({ tenantId, params }, { deviceRenderTests }) => toDto(await deviceRenderTests.get(tenantId, params.sessionId, 'IMPORT_ADDRESS')),
});
