import { Type } from '@sinclair/typebox';
import { DateTime, INT32_MAX, Nullable, StringEnum, Uuid } from '../shared/schemas.js';
import { DevicePreviewProfileDto, DevicePreviewRunDto } from './device-previews.schemas.js';

export const DevicePreviewIngestDomainDto = Type.Object({
  id: Uuid,
  userId: Uuid,
  subdomain: Type.String(),
  domain: Type.String({ description: 'the server\'s mail domain' }),
  fullDomain: Type.String({ description: 'mail to <profile local part>@fullDomain becomes a device preview run' }),
  emailAddressPattern: Type.String(),
  createdAt: DateTime,
  updatedAt: DateTime,
}, { $id: 'DevicePreviewIngestDomainDto' });

export const DevicePreviewAccountSettingsDto = Type.Object({
  domain: Type.Ref(DevicePreviewIngestDomainDto),
  profiles: Type.Array(Type.Ref(DevicePreviewProfileDto)),
}, { $id: 'DevicePreviewAccountSettingsDto' });

export const UpdateDevicePreviewIngestDomainOptions = Type.Object({
  subdomain: Type.String({ minLength: 1, maxLength: 63, description: 'one DNS label: letters, digits and inner hyphens' }),
}, { $id: 'UpdateDevicePreviewIngestDomainOptions' });

export const DevicePreviewEmailSubmissionDto = Type.Object({
  id: Uuid,
  userId: Uuid,
  ingestDomainId: Type.Optional(Nullable(Uuid)),
  profileId: Type.Optional(Nullable(Type.String())),
  runId: Type.Optional(Nullable(Uuid)),
  recipientEmailAddress: Type.String(),
  recipientLocalPart: Type.String(),
  matchedProfile: Type.Boolean({ description: 'a profile of yours (or a built-in one) has the recipient\'s local part: its targets were rendered, else the default targets' }),
  status: StringEnum(['RECEIVED', 'PROCESSING', 'RUN_CREATED', 'FAILED'] as const),
  sourceExternalId: Type.Optional(Nullable(Type.String())),
  sourceFrom: Type.Optional(Nullable(Type.String())),
  sourceTo: Type.Optional(Nullable(Type.Array(Type.String()))),
  sourceSubject: Type.Optional(Nullable(Type.String())),
  sourceMessageId: Type.Optional(Nullable(Type.String())),
  sourceSizeBytes: Type.Optional(Nullable(Type.Integer())),
  failureStage: Type.Optional(Nullable(Type.String())),
  latestError: Type.Optional(Nullable(Type.String())),
  receivedAt: DateTime,
  processingStartedAt: Type.Optional(Nullable(DateTime)),
  completedAt: Type.Optional(Nullable(DateTime)),
  createdAt: DateTime,
  updatedAt: DateTime,
}, { $id: 'DevicePreviewEmailSubmissionDto' });

export const DevicePreviewIngestRunWaitResult = Type.Object({
  timedOut: Type.Boolean(),
  runs: Type.Array(Type.Ref(DevicePreviewRunDto)),
}, { $id: 'DevicePreviewIngestRunWaitResult' });

export const DevicePreviewEmailSubmissionWaitResult = Type.Object({
  timedOut: Type.Boolean(),
  submissions: Type.Array(Type.Ref(DevicePreviewEmailSubmissionDto)),
}, { $id: 'DevicePreviewEmailSubmissionWaitResult' });

export const SubmissionQuery = {
  since: DateTime,
  emailDomainId: Type.Optional(Uuid),
  profileId: Type.Optional(Type.String({ maxLength: 100 })),
  localPart: Type.Optional(Type.String({ maxLength: 64 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: 'oldest first, at most this many (50 when unset)' })),
};
export const SubmissionWaitQuery = {
  ...SubmissionQuery,
  timeoutMillis: Type.Optional(Type.Integer({ minimum: 0, maximum: INT32_MAX, description: 'longest wait (server maximum applies); 60000 when unset' })),
  pollIntervalMillis: Type.Optional(Type.Integer({ minimum: 0, maximum: INT32_MAX, description: 'accepted for compatibility: the wait wakes when a submission is recorded, it does not poll' })),
};

export const devicePreviewIngestModelSchemas = [
  DevicePreviewIngestDomainDto, DevicePreviewAccountSettingsDto, UpdateDevicePreviewIngestDomainOptions, DevicePreviewEmailSubmissionDto,
  DevicePreviewIngestRunWaitResult, DevicePreviewEmailSubmissionWaitResult,
];
