import { Type, type TSchema } from '@sinclair/typebox';
import { DateTime, INT32_MAX, Nullable, PageOf, PageQuery, SEARCH_MAX_LENGTH, StringEnum, Uuid } from '../shared/schemas.js';

export const RUN_STATUSES = ['CREATED', 'AWAITING_ARRIVAL', 'CAPTURING', 'PARTIAL_COMPLETE', 'COMPLETE', 'FAILED'] as const;
export const SOURCE_TYPES = ['STORED_EMAIL', 'RAW_UPLOAD', 'DEVICE_PREVIEW_INGEST', 'PUBLIC_FREE_TEST'] as const;
export const TARGET_STATUSES = ['WAITING', 'READY_TO_CAPTURE', 'CAPTURING', 'READY', 'FAILED', 'NEEDS_INTERVENTION', 'TIMED_OUT', 'SKIPPED_OFFLINE', 'SETUP_REQUIRED'] as const;
export const PROVIDERS = ['GMAIL', 'OUTLOOK', 'YAHOO'] as const;
export const PROGRESS_STATUSES = ['PENDING', 'CAPTURING', 'PARTIAL_COMPLETE', 'COMPLETE', 'FAILED'] as const;
export const FEEDBACK_SOURCES = ['API_SERVICE', 'LAB_USER', 'END_USER', 'SYSTEM'] as const;
export const FEEDBACK_CATEGORIES = ['GENERAL', 'RUN_QUALITY', 'SCREENSHOT_QUALITY', 'PROVIDER_ISSUE', 'BUG_REPORT', 'FEATURE_REQUEST', 'NOTE'] as const;
export const FEEDBACK_STATUSES = ['OPEN', 'ACKNOWLEDGED', 'RESOLVED', 'DISMISSED'] as const;
export const AVAILABILITY_STATUSES = ['AVAILABLE', 'DEGRADED', 'OFFLINE', 'SETUP_REQUIRED', 'DISABLED', 'NOT_CONFIGURED'] as const;

/** Targets one run may render. */
export const MAX_TARGETS = 24;

const TargetKey = Type.String({ minLength: 1, maxLength: 64 });
const TargetKeys = Type.Array(TargetKey, {
  maxItems: MAX_TARGETS,
  description: 'device target keys (getDevicePreviewNativeTargetAvailability lists them, e.g. iphone-15-dark); native mail-client keys are accepted and reported unavailable; null = the profile\'s or the default targets',
});
const LocalPart = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' });
const ShortText = (maxLength = 255) => Type.String({ maxLength });

export const CreateDevicePreviewOptions = Type.Object(
  { nativeTargets: Type.Optional(Nullable(TargetKeys)) },
  { $id: 'CreateDevicePreviewOptions' },
);

export const CreateDevicePreviewProfileOptions = Type.Object(
  {
    localPart: LocalPart,
    displayName: Type.Optional(Nullable(ShortText())),
    options: Type.Optional(Type.Union([Type.Ref(CreateDevicePreviewOptions), Type.Null()])),
    enabled: Type.Optional(Nullable(Type.Boolean())),
  },
  { $id: 'CreateDevicePreviewProfileOptions' },
);

export const UpdateDevicePreviewProfileOptions = Type.Object(
  {
    localPart: Type.Optional(Nullable(LocalPart)),
    displayName: Type.Optional(Nullable(ShortText())),
    options: Type.Optional(Type.Union([Type.Ref(CreateDevicePreviewOptions), Type.Null()])),
    enabled: Type.Optional(Nullable(Type.Boolean())),
  },
  { $id: 'UpdateDevicePreviewProfileOptions' },
);

export const DevicePreviewProfileDto = Type.Object(
  {
    id: Type.String(),
    userId: Type.String({ description: 'the owner; "builtin" for the read-only built-in profiles' }),
    localPart: Type.String(),
    displayName: Nullable(Type.String()),
    nativeTargets: Nullable(Type.Array(Type.String(), { description: 'the device targets the profile renders (null: the default targets)' })),
    enabled: Type.Boolean(),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'DevicePreviewProfileDto' },
);

export const DeleteDevicePreviewProfileResult = Type.Object(
  { profileId: Type.String(), deleted: Type.Boolean() },
  { $id: 'DeleteDevicePreviewProfileResult' },
);

export const DevicePreviewRunThumbnailDto = Type.Object(
  { screenshotId: Type.String(), accessUrl: Type.String(), width: Nullable(Type.Integer()), height: Nullable(Type.Integer()) },
  { $id: 'DevicePreviewRunThumbnailDto' },
);

/** An optional field that may be null (most of the client's model fields). */
const N = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));
const NS = () => N(Type.String());

export const DevicePreviewRunDto = Type.Object(
  {
    runId: Type.String(),
    emailId: NS(),
    sourceType: StringEnum(SOURCE_TYPES),
    sourceInboxId: NS(),
    sourceAlias: NS(),
    sourceExternalId: NS(),
    sourceFrom: NS(),
    sourceTo: N(Type.Array(Type.String())),
    sourceSubject: NS(),
    sourceMessageId: NS(),
    sourceSizeBytes: N(Type.Integer()),
    sourceStorageProvider: NS(),
    sourceStorageBucket: NS(),
    sourceStorageObjectKey: NS(),
    sourceStorageRegion: NS(),
    sourceStorageEndpoint: NS(),
    sourceStoragePublicBaseUrl: NS(),
    sourceRecipientEmailAddress: NS(),
    sourceRecipientLocalPart: NS(),
    sourceIngestDomainId: NS(),
    sourceProfileId: NS(),
    sourceProfileLocalPart: NS(),
    sourceProfileDisplayName: NS(),
    status: StringEnum(RUN_STATUSES),
    primaryScreenshotId: NS(),
    requestedProviders: N(Type.Array(Type.String())),
    importedProviders: N(Type.Array(Type.String())),
    warnings: N(Type.Array(Type.String())),
    providerMessageIds: N(Type.Record(Type.String(), Type.String())),
    latestError: NS(),
    targetCount: Type.Integer(),
    screenshotCount: Type.Integer(),
    createdAt: DateTime,
    updatedAt: DateTime,
    thumbnail: N(Type.Ref(DevicePreviewRunThumbnailDto)),
  },
  { $id: 'DevicePreviewRunDto' },
);

export const CreateDevicePreviewRunResult = Type.Object(
  { run: Type.Ref(DevicePreviewRunDto), created: Type.Boolean() },
  { $id: 'CreateDevicePreviewRunResult' },
);

export const DevicePreviewTargetDto = Type.Object(
  {
    id: Type.String(),
    runId: Type.String(),
    creditCost: Type.Integer(),
    provider: NS(),
    clientProfile: NS(),
    deviceType: NS(),
    browserFamily: NS(),
    platform: NS(),
    colorScheme: NS(),
    status: Type.Optional(StringEnum(TARGET_STATUSES)),
    failureCode: NS(),
    primaryScreenshotId: NS(),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'DevicePreviewTargetDto' },
);

export const DevicePreviewScreenshotDto = Type.Object(
  {
    screenshotId: Type.String(),
    runId: Type.String(),
    targetId: NS(),
    variant: NS(),
    title: NS(),
    description: NS(),
    isPrimary: Type.Boolean(),
    displayOrder: Type.Integer(),
    storageKey: NS(),
    storageProvider: NS(),
    storageBucket: NS(),
    storageObjectKey: NS(),
    storageRegion: NS(),
    storageEndpoint: NS(),
    storagePublicBaseUrl: NS(),
    accessUrl: NS(),
    liveViewUrl: NS(),
    sessionId: NS(),
    browserContextId: NS(),
    deepLinkUrl: NS(),
    width: N(Type.Integer()),
    height: N(Type.Integer()),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'DevicePreviewScreenshotDto' },
);

export const DevicePreviewRunResultsDto = Type.Object(
  { run: Type.Ref(DevicePreviewRunDto), targets: Type.Array(Type.Ref(DevicePreviewTargetDto)), screenshots: Type.Array(Type.Ref(DevicePreviewScreenshotDto)) },
  { $id: 'DevicePreviewRunResultsDto' },
);

export const DevicePreviewProviderProgressDto = Type.Object(
  {
    run: Type.Ref(DevicePreviewRunDto),
    provider: StringEnum(PROVIDERS),
    status: StringEnum(PROGRESS_STATUSES),
    targetCount: Type.Integer(),
    readyCount: Type.Integer(),
    failedCount: Type.Integer(),
    capturingCount: Type.Integer(),
    pendingCount: Type.Integer(),
    targets: Type.Array(Type.Ref(DevicePreviewTargetDto)),
    screenshots: Type.Array(Type.Ref(DevicePreviewScreenshotDto)),
  },
  { $id: 'DevicePreviewProviderProgressDto' },
);

export const DevicePreviewRunWaitResult = Type.Object(
  { timedOut: Type.Boolean(), run: Type.Ref(DevicePreviewRunDto) },
  { $id: 'DevicePreviewRunWaitResult' },
);

export const CancelDevicePreviewRunOptions = Type.Object(
  { reason: Type.Optional(Nullable(ShortText(1000))) },
  { $id: 'CancelDevicePreviewRunOptions' },
);

export const CancelDevicePreviewRunResult = Type.Object(
  { run: Type.Ref(DevicePreviewRunDto), remoteCancelAttempted: Type.Boolean(), remoteCancelAccepted: Type.Boolean(), warning: NS() },
  { $id: 'CancelDevicePreviewRunResult' },
);

export const DeleteDevicePreviewRunResult = Type.Object(
  { runId: Type.String(), deleted: Type.Boolean(), remoteCleanupAttempted: Type.Boolean(), remoteCleanupSucceeded: Type.Boolean() },
  { $id: 'DeleteDevicePreviewRunResult' },
);

export const RerunDevicePreviewTargetsOptions = Type.Object(
  {
    targetIds: Type.Array(Uuid, { minItems: 1, maxItems: MAX_TARGETS }),
    failedOnly: Type.Boolean({ description: 'only targets that failed are rerun (true by default in the client)' }),
  },
  { $id: 'RerunDevicePreviewTargetsOptions' },
);

export const RerunDevicePreviewTargetsResult = Type.Object(
  {
    results: Type.Ref(DevicePreviewRunResultsDto),
    remoteRerunAttempted: Type.Boolean(),
    remoteRerunAccepted: Type.Boolean(),
    affectedTargets: Type.Integer(),
    affectedTasks: Type.Integer(),
    warnings: Type.Array(Type.String()),
  },
  { $id: 'RerunDevicePreviewTargetsResult' },
);

export const PageDevicePreviewRunProjection = PageOf(Type.Ref(DevicePreviewRunDto), 'PageDevicePreviewRunProjection');

export const DevicePreviewNativeTargetAvailabilityDto = Type.Object(
  {
    target: Type.String(),
    baseTarget: Type.String(),
    provider: NS(),
    client: Type.String(),
    surface: Type.String(),
    platform: Type.String(),
    formFactor: Type.String(),
    engine: Type.String(),
    appearance: Type.String(),
    visible: Type.Boolean(),
    creditCost: Type.Integer(),
    enabled: Type.Boolean(),
    requestQueueConfigured: Type.Boolean(),
    status: StringEnum(AVAILABILITY_STATUSES),
    statusReason: NS(),
    healthyWorkers: Type.Integer(),
    recentWorkers: Type.Integer(),
    timeoutSeconds: Type.Integer(),
    availableSlots: Type.Integer(),
    publicPollingWorkers: Type.Integer(),
  },
  { $id: 'DevicePreviewNativeTargetAvailabilityDto' },
);

export const DevicePreviewNativeTargetAvailabilityListDto = Type.Object(
  {
    enabled: Type.Boolean(),
    heartbeatOfflineAfterSeconds: Type.Integer(),
    targets: Type.Array(Type.Ref(DevicePreviewNativeTargetAvailabilityDto)),
    error: NS(),
  },
  { $id: 'DevicePreviewNativeTargetAvailabilityListDto' },
);

export const CreateDevicePreviewShareLinkOptions = Type.Object(
  { label: Type.Optional(Nullable(ShortText())), expiresAt: Type.Optional(Nullable(DateTime)) },
  { $id: 'CreateDevicePreviewShareLinkOptions' },
);

export const DevicePreviewShareLinkDto = Type.Object(
  {
    id: Type.String(),
    runId: Type.String(),
    tokenPrefix: Type.String(),
    token: NS(),
    shareUrl: NS(),
    label: NS(),
    expiresAt: N(DateTime),
    revokedAt: N(DateTime),
    lastAccessedAt: N(DateTime),
    accessCount: Type.Integer(),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'DevicePreviewShareLinkDto' },
);

export const DeleteDevicePreviewShareLinkResult = Type.Object(
  { shareLinkId: Type.String(), revoked: Type.Boolean() },
  { $id: 'DeleteDevicePreviewShareLinkResult' },
);

export const DevicePreviewSharedRunDto = Type.Object(
  {
    runId: Type.String(),
    sourceType: StringEnum(SOURCE_TYPES),
    sourceAlias: NS(),
    sourceSubject: NS(),
    sourceRecipientLocalPart: NS(),
    sourceProfileLocalPart: NS(),
    sourceProfileDisplayName: NS(),
    status: StringEnum(RUN_STATUSES),
    primaryScreenshotId: NS(),
    targetCount: Type.Integer(),
    screenshotCount: Type.Integer(),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'DevicePreviewSharedRunDto' },
);

export const DevicePreviewSharedTargetDto = Type.Object(
  {
    id: Type.String(),
    runId: Type.String(),
    provider: NS(),
    clientProfile: NS(),
    deviceType: NS(),
    browserFamily: NS(),
    platform: NS(),
    colorScheme: NS(),
    status: Type.Optional(StringEnum(TARGET_STATUSES)),
    failureCode: NS(),
    primaryScreenshotId: NS(),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'DevicePreviewSharedTargetDto' },
);

export const DevicePreviewSharedScreenshotDto = Type.Object(
  {
    screenshotId: Type.String(),
    runId: Type.String(),
    targetId: NS(),
    variant: NS(),
    title: NS(),
    description: NS(),
    isPrimary: Type.Boolean(),
    displayOrder: Type.Integer(),
    imageUrl: NS(),
    width: N(Type.Integer()),
    height: N(Type.Integer()),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'DevicePreviewSharedScreenshotDto' },
);

export const DevicePreviewSharedResultDto = Type.Object(
  {
    share: Type.Ref(DevicePreviewShareLinkDto),
    run: Type.Ref(DevicePreviewSharedRunDto),
    targets: Type.Array(Type.Ref(DevicePreviewSharedTargetDto)),
    screenshots: Type.Array(Type.Ref(DevicePreviewSharedScreenshotDto)),
  },
  { $id: 'DevicePreviewSharedResultDto' },
);

const Metadata = Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 2000 }), { maxProperties: 50 });
const Rating = Type.Integer({ minimum: 1, maximum: 5 });

export const CreateDevicePreviewFeedbackOptions = Type.Object(
  {
    source: StringEnum(FEEDBACK_SOURCES),
    category: StringEnum(FEEDBACK_CATEGORIES),
    status: Type.Optional(StringEnum(FEEDBACK_STATUSES)),
    rating: Type.Optional(Nullable(Rating)),
    runId: Type.Optional(Nullable(Uuid)),
    targetId: Type.Optional(Nullable(Uuid)),
    screenshotId: Type.Optional(Nullable(Uuid)),
    provider: Type.Optional(StringEnum(PROVIDERS)),
    title: Type.Optional(Nullable(ShortText())),
    comment: Type.Optional(Nullable(ShortText(10_000))),
    internalNote: Type.Optional(Nullable(ShortText(10_000))),
    sessionId: Type.Optional(Nullable(ShortText())),
    liveViewUrl: Type.Optional(Nullable(ShortText(2000))),
    metadata: Type.Optional(Nullable(Metadata)),
  },
  { $id: 'CreateDevicePreviewFeedbackOptions' },
);

export const UpdateDevicePreviewFeedbackOptions = Type.Object(
  {
    status: Type.Optional(StringEnum(FEEDBACK_STATUSES)),
    rating: Type.Optional(Nullable(Rating)),
    title: Type.Optional(Nullable(ShortText())),
    comment: Type.Optional(Nullable(ShortText(10_000))),
    internalNote: Type.Optional(Nullable(ShortText(10_000))),
    appendInternalNote: Type.Optional(Nullable(Type.Boolean({ description: 'add internalNote after the note already held instead of replacing it' }))),
    sessionId: Type.Optional(Nullable(ShortText())),
    liveViewUrl: Type.Optional(Nullable(ShortText(2000))),
    metadata: Type.Optional(Nullable(Metadata)),
  },
  { $id: 'UpdateDevicePreviewFeedbackOptions' },
);

export const DevicePreviewFeedbackDto = Type.Object(
  {
    feedbackId: Type.String(),
    userId: Type.String(),
    source: StringEnum(FEEDBACK_SOURCES),
    category: StringEnum(FEEDBACK_CATEGORIES),
    status: StringEnum(FEEDBACK_STATUSES),
    rating: N(Type.Integer()),
    runId: NS(),
    targetId: NS(),
    screenshotId: NS(),
    provider: Type.Optional(StringEnum(PROVIDERS)),
    title: NS(),
    comment: NS(),
    internalNote: NS(),
    sessionId: NS(),
    liveViewUrl: NS(),
    metadata: N(Type.Record(Type.String(), Type.String())),
    createdAt: N(DateTime),
    updatedAt: N(DateTime),
  },
  { $id: 'DevicePreviewFeedbackDto' },
);

export const DevicePreviewFeedbackListDto = Type.Object(
  { totalElements: Type.Integer(), page: Type.Integer(), size: Type.Integer(), items: Type.Array(Type.Ref(DevicePreviewFeedbackDto)) },
  { $id: 'DevicePreviewFeedbackListDto' },
);

const Base64 = Type.String({ minLength: 1, pattern: '^[A-Za-z0-9+/\\-_=\\s]*$', description: 'the whole .eml file, base64' });

export const CreateDevicePreviewImportOptions = Type.Object(
  {
    rawEmailBase64: Base64,
    sourceAlias: Type.Optional(Nullable(ShortText())),
    externalId: Type.Optional(Nullable(ShortText())),
    options: Type.Optional(Type.Union([Type.Ref(CreateDevicePreviewOptions), Type.Null()])),
  },
  { $id: 'CreateDevicePreviewImportOptions' },
);

export const CreateDevicePreviewHtmlImportOptions = Type.Object(
  {
    html: Type.String({ minLength: 1, description: 'the HTML document rendered as it is' }),
    subject: Type.Optional(Nullable(ShortText(998))),
    from: Type.Optional(Nullable(ShortText())),
    to: Type.Optional(Nullable(ShortText())),
    sourceAlias: Type.Optional(Nullable(ShortText())),
    externalId: Type.Optional(Nullable(ShortText())),
    options: Type.Optional(Type.Union([Type.Ref(CreateDevicePreviewOptions), Type.Null()])),
  },
  { $id: 'CreateDevicePreviewHtmlImportOptions' },
);

export const ImportQuery = Type.Object({
  sourceAlias: Type.Optional(ShortText()),
  externalId: Type.Optional(ShortText()),
  nativeTargets: Type.Optional(TargetKeys),
});

// --- parameters ---
export const RunParams = Type.Object({ runId: Uuid });
export const EmailParams = Type.Object({ emailId: Uuid });
export const ProfileParams = Type.Object({ profileId: Uuid });
export const FeedbackParams = Type.Object({ feedbackId: Uuid });
export const ShareLinkParams = Type.Object({ shareLinkId: Uuid });
export const RunScreenshotParams = Type.Object({ runId: Uuid, screenshotId: Uuid });
export const ProviderParams = Type.Object({ runId: Uuid, provider: StringEnum(PROVIDERS) });
const ShareToken = Type.String({ minLength: 1, maxLength: 200 });
export const ShareTokenParams = Type.Object({ shareToken: ShareToken });
export const SharedScreenshotParams = Type.Object({ shareToken: ShareToken, screenshotId: Uuid });

export const RunListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: INT32_MAX, description: 'newest first, at most this many (at most 100; 20 when unset)' })),
  hydrateThumbnail: Type.Optional(Type.Boolean({ description: 'add each run\'s primary screenshot as thumbnail' })),
});
export const RunPageQuery = Type.Object({ ...PageQuery, hydrateThumbnail: Type.Optional(Type.Boolean()) });
export const WaitQuery = Type.Object({
  timeoutMillis: Type.Optional(Type.Integer({ minimum: 0, maximum: INT32_MAX, description: 'longest wait (server maximum applies); 60000 when unset' })),
  pollIntervalMillis: Type.Optional(Type.Integer({ minimum: 0, maximum: INT32_MAX, description: 'accepted for compatibility: the wait wakes on each change of the run, it does not poll' })),
});
export const FeedbackQuery = Type.Object({
  page: PageQuery.page,
  size: PageQuery.size,
  source: Type.Optional(StringEnum(FEEDBACK_SOURCES)),
  runId: Type.Optional(Uuid),
  status: Type.Optional(StringEnum(FEEDBACK_STATUSES)),
  provider: Type.Optional(StringEnum(PROVIDERS)),
  category: Type.Optional(StringEnum(FEEDBACK_CATEGORIES)),
  search: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH })),
});

export const devicePreviewModelSchemas = [
  CreateDevicePreviewOptions, CreateDevicePreviewProfileOptions, UpdateDevicePreviewProfileOptions, DevicePreviewProfileDto, DeleteDevicePreviewProfileResult,
  DevicePreviewRunThumbnailDto, DevicePreviewRunDto, CreateDevicePreviewRunResult, DevicePreviewTargetDto, DevicePreviewScreenshotDto,
  DevicePreviewRunResultsDto, DevicePreviewProviderProgressDto, DevicePreviewRunWaitResult, CancelDevicePreviewRunOptions, CancelDevicePreviewRunResult,
  DeleteDevicePreviewRunResult, RerunDevicePreviewTargetsOptions, RerunDevicePreviewTargetsResult, PageDevicePreviewRunProjection,
  DevicePreviewNativeTargetAvailabilityDto, DevicePreviewNativeTargetAvailabilityListDto, CreateDevicePreviewShareLinkOptions, DevicePreviewShareLinkDto,
  DeleteDevicePreviewShareLinkResult, DevicePreviewSharedRunDto, DevicePreviewSharedTargetDto, DevicePreviewSharedScreenshotDto, DevicePreviewSharedResultDto,
  CreateDevicePreviewFeedbackOptions, UpdateDevicePreviewFeedbackOptions, DevicePreviewFeedbackDto, DevicePreviewFeedbackListDto,
  CreateDevicePreviewImportOptions, CreateDevicePreviewHtmlImportOptions,
];
