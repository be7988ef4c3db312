import type { Static } from '@sinclair/typebox';
import type { DevicePreviewFeedbackRecord, DevicePreviewScreenshotRecord, DevicePreviewShareLinkRecord, DevicePreviewTargetRecord } from '../../storage/ports.js';
import { BROWSER_RENDER_NOTE, deviceTarget, nativeTarget, providerOf } from './device-targets.js';
import type {
  DevicePreviewFeedbackDto, DevicePreviewProfileDto, DevicePreviewRunDto, DevicePreviewScreenshotDto, DevicePreviewShareLinkDto,
  DevicePreviewSharedResultDto, DevicePreviewTargetDto,
} from './device-previews.schemas.js';
import type { ProfileView } from './profiles.service.js';
import type { RunView } from './runs.service.js';

type RunDto = Static<typeof DevicePreviewRunDto>;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export const toProfileDto = (p: ProfileView): Static<typeof DevicePreviewProfileDto> => ({
  id: p.id, userId: p.userId, localPart: p.localPart, displayName: p.displayName, nativeTargets: p.targets, enabled: p.enabled,
  createdAt: p.createdAt.toISOString(), updatedAt: p.updatedAt.toISOString(),
});

const runPath = (baseUrl: string, runId: string) => `${baseUrl}/emails/device-previews/${runId}`;
export const screenshotUrl = (baseUrl: string, runId: string, screenshotId: string) => `${runPath(baseUrl, runId)}/screenshots/${screenshotId}/image`;
export const sharedScreenshotUrl = (baseUrl: string, token: string, screenshotId: string) =>
  `${baseUrl}/emails/device-previews/share/${encodeURIComponent(token)}/screenshots/${screenshotId}/image`;

export function toRunDto({ run, targets, screenshots }: RunView, baseUrl: string, hydrateThumbnail = false): RunDto {
  const s = run.source;
  const primary = screenshots[0];
  return {
    runId: run.id, emailId: run.emailId, sourceType: run.sourceType as RunDto['sourceType'],
    sourceInboxId: str(s.sourceInboxId), sourceAlias: str(s.sourceAlias), sourceExternalId: str(s.sourceExternalId), sourceFrom: str(s.sourceFrom),
    sourceTo: Array.isArray(s.sourceTo) ? s.sourceTo as string[] : null, sourceSubject: str(s.sourceSubject), sourceMessageId: str(s.sourceMessageId),
    sourceSizeBytes: typeof s.sourceSizeBytes === 'number' ? s.sourceSizeBytes : null,
    // sources and screenshots live in this server's database: no object storage to name
    sourceStorageProvider: null, sourceStorageBucket: null, sourceStorageObjectKey: null, sourceStorageRegion: null, sourceStorageEndpoint: null,
    sourceStoragePublicBaseUrl: null,
    sourceRecipientEmailAddress: str(s.sourceRecipientEmailAddress), sourceRecipientLocalPart: str(s.sourceRecipientLocalPart),
    sourceIngestDomainId: str(s.sourceIngestDomainId), sourceProfileId: str(s.sourceProfileId), sourceProfileLocalPart: str(s.sourceProfileLocalPart),
    sourceProfileDisplayName: str(s.sourceProfileDisplayName),
    status: run.status as RunDto['status'], primaryScreenshotId: primary?.id ?? null,
    requestedProviders: [...new Set(run.requestedTargets.map(providerOf))], importedProviders: null,
    warnings: [...run.warnings, BROWSER_RENDER_NOTE], providerMessageIds: null, latestError: run.latestError,
    targetCount: targets.length, screenshotCount: screenshots.length,
    createdAt: run.createdAt.toISOString(), updatedAt: run.updatedAt.toISOString(),
    thumbnail: hydrateThumbnail && primary
      ? { screenshotId: primary.id, accessUrl: screenshotUrl(baseUrl, run.id, primary.id), width: primary.width, height: primary.height } : null,
  };
}

export function toTargetDto(t: DevicePreviewTargetRecord, screenshots: DevicePreviewScreenshotRecord[]): Static<typeof DevicePreviewTargetDto> {
  const device = deviceTarget(t.targetKey);
  const native = nativeTarget(t.targetKey);
  return {
    id: t.id, runId: t.runId, creditCost: 0, provider: providerOf(t.targetKey), clientProfile: t.targetKey,
    deviceType: device?.deviceType ?? native?.formFactor ?? null, browserFamily: device ? 'CHROMIUM' : null,
    platform: device?.platform ?? native?.platform ?? null, colorScheme: device ? device.colorScheme.toUpperCase() : null,
    status: t.status as Static<typeof DevicePreviewTargetDto>['status'], failureCode: t.failureCode,
    primaryScreenshotId: screenshots.find((s) => s.targetId === t.id)?.id ?? null,
    createdAt: t.createdAt.toISOString(), updatedAt: t.updatedAt.toISOString(),
  };
}

export function toScreenshotDto(s: DevicePreviewScreenshotRecord, view: RunView, baseUrl: string): Static<typeof DevicePreviewScreenshotDto> {
  const target = view.targets.find((t) => t.id === s.targetId);
  const device = target && deviceTarget(target.targetKey);
  return {
    screenshotId: s.id, runId: s.runId, targetId: s.targetId, variant: device?.colorScheme.toUpperCase() ?? null,
    title: device?.label ?? target?.targetKey ?? null,
    description: device
      ? `Chromium render at ${device.width}×${device.height} CSS pixels, pixel ratio ${device.deviceScaleFactor}, ${device.colorScheme} scheme (browser render at device geometry, not the native mail app)`
      : null,
    isPrimary: view.screenshots[0]?.id === s.id, displayOrder: s.displayOrder,
    storageKey: s.sha256, storageProvider: 'DATABASE', storageBucket: null, storageObjectKey: null, storageRegion: null, storageEndpoint: null,
    storagePublicBaseUrl: null, accessUrl: screenshotUrl(baseUrl, s.runId, s.id), liveViewUrl: null, sessionId: null, browserContextId: null,
    deepLinkUrl: null, width: s.width, height: s.height, createdAt: s.createdAt.toISOString(), updatedAt: s.createdAt.toISOString(),
  };
}

export const toResultsDto = (view: RunView, baseUrl: string) => ({
  run: toRunDto(view, baseUrl),
  targets: view.targets.map((t) => toTargetDto(t, view.screenshots)),
  screenshots: view.screenshots.map((s) => toScreenshotDto(s, view, baseUrl)),
});

export function toShareLinkDto(l: DevicePreviewShareLinkRecord, token?: string, baseUrl?: string): Static<typeof DevicePreviewShareLinkDto> {
  return {
    id: l.id, runId: l.runId, tokenPrefix: l.tokenPrefix, token: token ?? null,
    shareUrl: token && baseUrl ? `${baseUrl}/emails/device-previews/share/${encodeURIComponent(token)}` : null,
    label: l.label, expiresAt: l.expiresAt?.toISOString() ?? null, revokedAt: l.revokedAt?.toISOString() ?? null,
    lastAccessedAt: l.lastAccessedAt?.toISOString() ?? null, accessCount: l.accessCount,
    createdAt: l.createdAt.toISOString(), updatedAt: l.updatedAt.toISOString(),
  };
}

/** What a share link shows: the run without its owner's ids and sources, screenshots by the link's own URLs. */
export function toSharedResultDto(link: DevicePreviewShareLinkRecord, view: RunView, token: string, baseUrl: string): Static<typeof DevicePreviewSharedResultDto> {
  const run = toRunDto(view, baseUrl);
  return {
    share: toShareLinkDto(link),
    run: {
      runId: run.runId, sourceType: run.sourceType, sourceAlias: run.sourceAlias, sourceSubject: run.sourceSubject,
      sourceRecipientLocalPart: run.sourceRecipientLocalPart, sourceProfileLocalPart: run.sourceProfileLocalPart,
      sourceProfileDisplayName: run.sourceProfileDisplayName, status: run.status, primaryScreenshotId: run.primaryScreenshotId,
      targetCount: run.targetCount, screenshotCount: run.screenshotCount, createdAt: run.createdAt, updatedAt: run.updatedAt,
    },
    targets: view.targets.map((t) => {
      const { creditCost: _cost, ...shared } = toTargetDto(t, view.screenshots);
      return shared;
    }),
    screenshots: view.screenshots.map((s) => {
      const full = toScreenshotDto(s, view, baseUrl);
      return {
        screenshotId: full.screenshotId, runId: full.runId, targetId: full.targetId, variant: full.variant, title: full.title,
        description: full.description, isPrimary: full.isPrimary, displayOrder: full.displayOrder,
        imageUrl: sharedScreenshotUrl(baseUrl, token, s.id), width: full.width, height: full.height, createdAt: full.createdAt, updatedAt: full.updatedAt,
      };
    }),
  };
}

export const toFeedbackDto = (f: DevicePreviewFeedbackRecord): Static<typeof DevicePreviewFeedbackDto> => ({
  feedbackId: f.id, userId: f.tenantId, source: f.source as never, category: f.category as never, status: f.status as never, rating: f.rating,
  runId: f.runId, targetId: f.targetId, screenshotId: f.screenshotId, ...(f.provider ? { provider: f.provider as never } : {}),
  title: f.title, comment: f.comment, internalNote: f.internalNote, sessionId: f.sessionId, liveViewUrl: f.liveViewUrl, metadata: f.metadata,
  createdAt: f.createdAt.toISOString(), updatedAt: f.updatedAt.toISOString(),
});
