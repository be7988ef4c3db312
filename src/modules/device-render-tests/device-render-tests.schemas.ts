import { Type } from '@sinclair/typebox';
import { CreateDevicePreviewOptions } from '../device-previews/device-previews.schemas.js';
import { DateTime, Nullable, StringEnum, Uuid } from '../shared/schemas.js';

export const CreatePublicDeviceRenderTestOptions = Type.Object({
  captchaToken: Type.Optional(Nullable(Type.String({ maxLength: 4096, description: 'ignored: requests carry an API key here, no captcha is asked' }))),
}, { $id: 'CreatePublicDeviceRenderTestOptions' });

export const PublicDeviceRenderTestDto = Type.Object({
  id: Uuid,
  emailAddress: Type.String({ description: 'send the message to render here' }),
  status: StringEnum(['WAITING_FOR_EMAIL', 'RECEIVED', 'PROCESSING', 'RUN_CREATED', 'RATE_LIMITED', 'REJECTED', 'FAILED', 'EXPIRED'] as const, {
    description: 'WAITING_FOR_EMAIL until a message arrives, then RUN_CREATED (the device preview run renders in the background), FAILED, or EXPIRED after an hour without mail',
  }),
  expiresAt: DateTime,
  sourceFrom: Type.Optional(Nullable(Type.String())),
  sourceSubject: Type.Optional(Nullable(Type.String())),
  senderDomain: Type.Optional(Nullable(Type.String())),
  runId: Type.Optional(Nullable(Type.String({ description: 'the device preview run (DevicePreviewsController)' }))),
  shareUrl: Type.Optional(Nullable(Type.String({ description: 'the run\'s results with no API key (a device preview share link)' }))),
  redirectUrl: Type.Optional(Nullable(Type.String())),
  freeLimitReached: Type.Boolean({ description: 'always false: no plan limits here' }),
  failureCode: Type.Optional(Nullable(Type.String())),
  failureMessage: Type.Optional(Nullable(Type.String())),
}, { $id: 'PublicDeviceRenderTestDto' });

export const RenderTestParams = Type.Object({ id: Uuid });

export const CreateDevicePreviewIngestAddressOptions = Type.Object({
  options: Type.Optional(Type.Union([Type.Ref(CreateDevicePreviewOptions), Type.Null()])),
}, { $id: 'CreateDevicePreviewIngestAddressOptions' });

export const DevicePreviewIngestAddressDto = Type.Object({
  sessionId: Uuid,
  emailAddress: Type.String({ description: 'send the message to preview here; the first one becomes a device preview run' }),
  status: StringEnum(['WAITING_FOR_EMAIL', 'RUN_CREATED', 'EXPIRED', 'FAILED'] as const, {
    description: 'WAITING_FOR_EMAIL until a message arrives, then RUN_CREATED (the run renders in the background), FAILED, or EXPIRED after an hour without mail',
  }),
  runId: Type.Optional(Nullable(Uuid)),
  sourceFrom: Type.Optional(Nullable(Type.String())),
  sourceTo: Type.Optional(Nullable(Type.Array(Type.String()))),
  sourceSubject: Type.Optional(Nullable(Type.String())),
  sourceMessageId: Type.Optional(Nullable(Type.String())),
  sourceSizeBytes: Type.Optional(Nullable(Type.Integer())),
  latestError: Type.Optional(Nullable(Type.String())),
  expiresAt: DateTime,
  createdAt: DateTime,
  updatedAt: DateTime,
}, { $id: 'DevicePreviewIngestAddressDto' });

export const ImportAddressParams = Type.Object({ sessionId: Uuid });

export const deviceRenderTestModelSchemas = [CreatePublicDeviceRenderTestOptions, PublicDeviceRenderTestDto, CreateDevicePreviewIngestAddressOptions, DevicePreviewIngestAddressDto];
