import { Type } from '@sinclair/typebox';
import type { PreviewIngestDomainRecord, PreviewSubmissionRecord } from '../../../storage/ports.js';
import type { Services } from '../../services.js';
import { toProfileDto, toRunDto } from '../device-previews.dto.js';
import type { ProfileView } from '../profiles.service.js';
import {
  DevicePreviewAccountSettingsDto, DevicePreviewEmailSubmissionDto, DevicePreviewEmailSubmissionWaitResult, DevicePreviewIngestRunWaitResult,
  SubmissionQuery, SubmissionWaitQuery, UpdateDevicePreviewIngestDomainOptions,
} from '../ingest.schemas.js';
import { DevicePreviewRunDto } from '../device-previews.schemas.js';
import { devicePreviewOperation } from './define.js';

type Ingest = Services['devicePreviewIngest'];

const settingsDto = (ingest: Ingest, settings: { domain: PreviewIngestDomainRecord; profiles: ProfileView[] }) => ({
  domain: {
    id: settings.domain.id, userId: settings.domain.tenantId, subdomain: settings.domain.subdomain, domain: ingest.mailDomain,
    fullDomain: ingest.fullDomain(settings.domain), emailAddressPattern: `{profileLocalPart}@${ingest.fullDomain(settings.domain)}`,
    createdAt: settings.domain.createdAt.toISOString(), updatedAt: settings.domain.updatedAt.toISOString(),
  },
  profiles: settings.profiles.map(toProfileDto),
});

const submissionDto = (s: PreviewSubmissionRecord) => ({
  id: s.id, userId: s.tenantId, ingestDomainId: s.ingestDomainId, profileId: s.profileId, runId: s.runId, recipientEmailAddress: s.recipientEmailAddress,
  recipientLocalPart: s.recipientLocalPart, matchedProfile: s.matchedProfile, status: s.status, sourceExternalId: null, sourceFrom: s.sourceFrom,
  sourceTo: s.sourceTo, sourceSubject: s.sourceSubject, sourceMessageId: s.sourceMessageId, sourceSizeBytes: s.sourceSizeBytes,
  failureStage: s.failureStage, latestError: s.latestError, receivedAt: s.receivedAt.toISOString(), processingStartedAt: s.receivedAt.toISOString(),
  completedAt: s.completedAt?.toISOString() ?? null, createdAt: s.createdAt.toISOString(), updatedAt: s.updatedAt.toISOString(),
});

const queryOf = (q: { since: string; emailDomainId?: string; profileId?: string; localPart?: string; limit?: number }) => ({
  since: new Date(q.since), emailDomainId: q.emailDomainId, profileId: q.profileId, localPart: q.localPart, limit: q.limit,
});

export const getDevicePreviewEmailDomainOrCreate = devicePreviewOperation({
  operationId: 'getDevicePreviewEmailDomainOrCreate', method: 'PUT', path: '/emails/device-previews/email-domain',
  summary: 'Your device preview email domain (made on first use: a subdomain of this server\'s mail domain) and your profiles: mail to <profile local part>@<fullDomain> becomes a run of that profile\'s targets',
  response: Type.Ref(DevicePreviewAccountSettingsDto),
  handler: async ({ tenantId }, { devicePreviewIngest }) => settingsDto(devicePreviewIngest, await devicePreviewIngest.settings(tenantId)),
});

export const updateDevicePreviewEmailDomainSubdomain = devicePreviewOperation({
  operationId: 'updateDevicePreviewEmailDomainSubdomain', method: 'PUT', path: '/emails/device-previews/email-domain/subdomain',
  summary: 'Rename your device preview email subdomain (409 when another account has it)',
  body: Type.Ref(UpdateDevicePreviewIngestDomainOptions),
  response: Type.Ref(DevicePreviewAccountSettingsDto),
  handler: async ({ tenantId, body }, { devicePreviewIngest }) => settingsDto(devicePreviewIngest, await devicePreviewIngest.rename(tenantId, body.subdomain)),
});

export const getDevicePreviewEmailSubmissions = devicePreviewOperation({
  operationId: 'getDevicePreviewEmailSubmissions', method: 'GET', path: '/emails/device-previews/email-submissions',
  summary: 'Messages received at your device preview email domain since a time, oldest first, with the run each made',
  query: Type.Object(SubmissionQuery),
  response: Type.Array(Type.Ref(DevicePreviewEmailSubmissionDto)),
  handler: async ({ tenantId, query }, { devicePreviewIngest }) => (await devicePreviewIngest.submissions(tenantId, queryOf(query))).map(submissionDto),
});

export const getDevicePreviewEmailRuns = devicePreviewOperation({
  operationId: 'getDevicePreviewEmailRuns', method: 'GET', path: '/emails/device-previews/email-runs',
  summary: 'The device preview runs made by messages to your email domain since a time, oldest first',
  query: Type.Object({ ...SubmissionQuery, hydrateThumbnail: Type.Optional(Type.Boolean()) }),
  response: Type.Array(Type.Ref(DevicePreviewRunDto)),
  handler: async ({ tenantId, query, baseUrl }, { devicePreviewIngest }) =>
    (await devicePreviewIngest.submissionRuns(tenantId, queryOf(query))).map((v) => toRunDto(v, baseUrl, query.hydrateThumbnail)),
});

export const waitForDevicePreviewEmailSubmissions = devicePreviewOperation({
  operationId: 'waitForDevicePreviewEmailSubmissions', method: 'GET', path: '/emails/device-previews/email-submissions/wait',
  summary: 'Hold the request until a message received at your email domain matches (since a time), or the timeout',
  query: Type.Object(SubmissionWaitQuery),
  response: Type.Ref(DevicePreviewEmailSubmissionWaitResult),
  handler: async ({ tenantId, query, signal }, { devicePreviewIngest }) => {
    const { timedOut, found } = await devicePreviewIngest.wait(tenantId, () => devicePreviewIngest.submissions(tenantId, queryOf(query)), query.timeoutMillis, signal);
    return { timedOut, submissions: found.map(submissionDto) };
  },
});

export const waitForDevicePreviewEmailRuns = devicePreviewOperation({
  operationId: 'waitForDevicePreviewEmailRuns', method: 'GET', path: '/emails/device-previews/email-runs/wait',
  summary: 'Hold the request until a message to your email domain has made a run (since a time), or the timeout',
  query: Type.Object({ ...SubmissionWaitQuery, hydrateThumbnail: Type.Optional(Type.Boolean()) }),
  response: Type.Ref(DevicePreviewIngestRunWaitResult),
  handler: async ({ tenantId, query, signal, baseUrl }, { devicePreviewIngest }) => {
    const { timedOut, found } = await devicePreviewIngest.wait(tenantId, () => devicePreviewIngest.submissionRuns(tenantId, queryOf(query)), query.timeoutMillis, signal);
    return { timedOut, runs: found.map((v) => toRunDto(v, baseUrl, query.hydrateThumbnail)) };
  },
});
