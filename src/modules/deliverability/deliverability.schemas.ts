import { Type } from '@sinclair/typebox';
import { DateTime, INT32_MAX, Nullable, PageQuery, SortDirection, StringEnum, Uuid } from '../shared/schemas.js';

export const SCOPES = ['INBOX', 'PHONE'] as const;
export const TEST_STATUSES = ['CREATED', 'SCHEDULED', 'RUNNING', 'PAUSED', 'STOPPED', 'COMPLETE', 'FAILED'] as const;
export const THRESHOLD_STATUSES = ['NOT_CONFIGURED', 'PASSING', 'FAILING'] as const;
export const JOB_STATUSES = ['RUNNING', 'PAUSED', 'CANCELLED', 'COMPLETED', 'FAILED'] as const;
export const EVENT_TYPES = ['JOB_CREATED', 'JOB_STARTED', 'JOB_PAUSED', 'JOB_RESUMED', 'JOB_CANCELLED', 'JOB_COMPLETED', 'JOB_FAILED', 'SEND_SUCCESS', 'SEND_FAILURE'] as const;
export const PHONE_COUNTRIES = ['US', 'GB', 'AU', 'CA', 'EE', 'HK', 'PL', 'CH', 'PT', 'NL', 'IL', 'FI', 'SE'] as const;

/** Most entities a test watches, and most expectations it has. */
export const MAX_ENTITIES = 1000;
export const MAX_EXPECTATIONS = 20;
/** Longest a test may run: a week. */
export const MAX_DURATION_SECONDS = 7 * 24 * 3600;
/** Most sends one simulation job plans. */
export const MAX_PLANNED_SENDS = 10_000;

export const DeliverabilitySelectorOptions = Type.Object(
  {
    type: StringEnum(['ALL', 'PATTERN', 'EXPLICIT'] as const, { description: 'ALL of your inboxes (or phone numbers), those whose address (or number) or name matches pattern, or entityIds' }),
    pattern: Type.Optional(Nullable(Type.String({ maxLength: 255, description: 'PATTERN: a case-insensitive glob over the address and the name, * any run of characters and ? one' }))),
    phoneCountry: Type.Optional(StringEnum(PHONE_COUNTRIES)),
    entityIds: Type.Optional(Nullable(Type.Array(Uuid, { maxItems: MAX_ENTITIES }))),
    excludeEntityIds: Type.Optional(Nullable(Type.Array(Uuid, { maxItems: MAX_ENTITIES }))),
    tags: Type.Optional(Nullable(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 50, description: 'only entities with at least one of these tags' }))),
  },
  { $id: 'DeliverabilitySelectorOptions' },
);

export const DeliverabilityExpectation = Type.Object(
  {
    name: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
    minCount: Type.Integer({ minimum: 1, maximum: 100_000, description: 'messages each entity must receive that match the filters below' }),
    from: Type.Optional(Nullable(Type.String({ maxLength: 998, description: 'the sender contains this (case-insensitive)' }))),
    to: Type.Optional(Nullable(Type.String({ maxLength: 998, description: 'a recipient (for SMS: the receiving number) contains this' }))),
    subject: Type.Optional(Nullable(Type.String({ maxLength: 998, description: 'the subject (for SMS: the body) contains this' }))),
  },
  { $id: 'DeliverabilityExpectation' },
);

const Expectations = Type.Array(Type.Ref(DeliverabilityExpectation), { minItems: 1, maxItems: MAX_EXPECTATIONS });
const Duration = Type.Integer({ minimum: 1, maximum: MAX_DURATION_SECONDS, description: 'seconds after the start at which an unfinished test times out' });
const Threshold = Type.Number({ minimum: 0, maximum: 100, description: 'matched entities in percent at which the test passes' });

export const CreateDeliverabilityTestOptions = Type.Object(
  {
    name: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
    description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    scope: StringEnum(SCOPES),
    startAt: Type.Optional(Nullable(DateTime)),
    maxDurationSeconds: Type.Optional(Nullable(Duration)),
    successThresholdPercent: Type.Optional(Nullable(Threshold)),
    selector: Type.Ref(DeliverabilitySelectorOptions),
    expectations: Expectations,
  },
  { $id: 'CreateDeliverabilityTestOptions' },
);

export const UpdateDeliverabilityTestOptions = Type.Object(
  {
    name: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
    description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    startAt: Type.Optional(Nullable(DateTime)),
    maxDurationSeconds: Type.Optional(Nullable(Duration)),
    clearMaxDuration: Type.Optional(Nullable(Type.Boolean())),
    successThresholdPercent: Type.Optional(Nullable(Threshold)),
    clearSuccessThreshold: Type.Optional(Nullable(Type.Boolean())),
    expectations: Type.Optional(Nullable(Expectations)),
  },
  { $id: 'UpdateDeliverabilityTestOptions' },
);

export const DeliverabilityTestDto = Type.Object(
  {
    id: Uuid,
    name: Type.Optional(Nullable(Type.String())),
    description: Type.Optional(Nullable(Type.String())),
    scope: StringEnum(SCOPES),
    selector: Type.Ref(DeliverabilitySelectorOptions),
    selectedEntityCount: Type.Integer(),
    expectations: Type.Array(Type.Ref(DeliverabilityExpectation)),
    status: StringEnum(TEST_STATUSES),
    startAt: DateTime,
    startedAt: Type.Optional(Nullable(DateTime)),
    completedAt: Type.Optional(Nullable(DateTime)),
    maxDurationSeconds: Type.Optional(Nullable(Type.Integer())),
    successThresholdPercent: Type.Optional(Nullable(Type.Number())),
    thresholdStatus: StringEnum(THRESHOLD_STATUSES),
    thresholdMet: Type.Optional(Nullable(Type.Boolean())),
    lastEvaluatedAt: Type.Optional(Nullable(DateTime)),
    totalEntities: Type.Integer(),
    matchedEntities: Type.Integer(),
    unmatchedEntities: Type.Integer(),
    completionPercentage: Type.Number({ description: 'matched entities in percent' }),
    timedOut: Type.Boolean(),
    failureReason: Type.Optional(Nullable(Type.String())),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'DeliverabilityTestDto' },
);

const pageFields = { page: Type.Integer(), size: Type.Integer(), totalElements: Type.Integer(), totalPages: Type.Integer() };

export const DeliverabilityTestPageDto = Type.Object(
  { content: Type.Array(Type.Ref(DeliverabilityTestDto)), ...pageFields },
  { $id: 'DeliverabilityTestPageDto' },
);

export const DeliverabilityExpectationResultDto = Type.Object(
  {
    expectationIndex: Type.Integer(),
    expectationName: Type.Optional(Nullable(Type.String())),
    minCount: Type.Integer(),
    actualCount: Type.Integer(),
    passed: Type.Boolean(),
    from: Type.Optional(Nullable(Type.String())),
    to: Type.Optional(Nullable(Type.String())),
    subject: Type.Optional(Nullable(Type.String())),
  },
  { $id: 'DeliverabilityExpectationResultDto' },
);

export const DeliverabilityEntityResultDto = Type.Object(
  {
    entityId: Uuid,
    entityLabel: Type.String({ description: 'the inbox\'s address or the phone number' }),
    matched: Type.Boolean(),
    matchedExpectationCount: Type.Integer(),
    totalExpectationCount: Type.Integer(),
    phoneCountry: Type.Optional(StringEnum(PHONE_COUNTRIES)),
    evaluatedAt: Type.Optional(Nullable(DateTime)),
    expectationResults: Type.Array(Type.Ref(DeliverabilityExpectationResultDto)),
  },
  { $id: 'DeliverabilityEntityResultDto' },
);

export const DeliverabilityEntityResultPageDto = Type.Object(
  {
    test: Type.Ref(DeliverabilityTestDto),
    content: Type.Array(Type.Ref(DeliverabilityEntityResultDto)),
    ...pageFields,
    matched: Type.Optional(Nullable(Type.Boolean({ description: 'the filter asked for, if any' }))),
    cached: Type.Boolean({ description: 'always false: results are evaluated when asked for' }),
    nextRefreshAt: Type.Optional(Nullable(DateTime)),
  },
  { $id: 'DeliverabilityEntityResultPageDto' },
);

export const DeliverabilityPollStatusResultDto = Type.Object(
  {
    test: Type.Ref(DeliverabilityTestDto),
    cached: Type.Boolean({ description: 'always false: the test is evaluated on every poll' }),
    cacheWindowSeconds: Type.Integer(),
    nextRefreshAt: Type.Optional(Nullable(DateTime)),
  },
  { $id: 'DeliverabilityPollStatusResultDto' },
);

export const DeliverabilitySimulationEmailOptions = Type.Object(
  {
    fromOverride: Type.Optional(Nullable(Type.String({ maxLength: 998, description: 'the From header of the sends (an address); the sender inbox\'s address when unset' }))),
    subject: Type.Optional(Nullable(Type.String({ maxLength: 998, description: 'a mustache template like the body' }))),
    bodyTemplate: Type.Optional(Nullable(Type.String({ maxLength: 100_000, description: 'mustache: {{targetLabel}}, {{entityId}}, {{sendIndex}}, {{sendNumber}}, {{testId}}, {{jobId}}' }))),
  },
  { $id: 'DeliverabilitySimulationEmailOptions' },
);

export const DeliverabilitySimulationSmsOptions = Type.Object(
  { bodyTemplate: Type.Optional(Nullable(Type.String({ maxLength: 1600, description: 'mustache, as the email body' }))) },
  { $id: 'DeliverabilitySimulationSmsOptions' },
);

export const CreateDeliverabilitySimulationJobOptions = Type.Object(
  {
    senderInboxId: Type.Optional(Nullable(Uuid)),
    senderPhoneId: Type.Optional(Nullable(Uuid)),
    email: Type.Optional(Type.Union([Type.Ref(DeliverabilitySimulationEmailOptions), Type.Null()])),
    sms: Type.Optional(Type.Union([Type.Ref(DeliverabilitySimulationSmsOptions), Type.Null()])),
    delayMs: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 3_600_000, description: 'milliseconds between batches (0 when unset)' }))),
    batchSize: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1000, description: 'sends per batch (10 when unset)' }))),
    sendsPerTarget: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1000, description: 'sends to each entity (1 when unset)' }))),
  },
  { $id: 'CreateDeliverabilitySimulationJobOptions' },
);

export const DeliverabilitySimulationJobConfigDto = Type.Object(
  {
    senderInboxId: Type.Optional(Nullable(Uuid)),
    senderPhoneId: Type.Optional(Nullable(Uuid)),
    emailSubject: Type.Optional(Nullable(Type.String())),
    emailFromOverride: Type.Optional(Nullable(Type.String())),
    emailBodyTemplate: Type.Optional(Nullable(Type.String())),
    smsBodyTemplate: Type.Optional(Nullable(Type.String())),
    delayMs: Type.Integer(),
    batchSize: Type.Integer(),
    sendsPerTarget: Type.Integer(),
  },
  { $id: 'DeliverabilitySimulationJobConfigDto' },
);

export const DeliverabilitySimulationJobTopErrorDto = Type.Object(
  { message: Type.String(), count: Type.Integer() },
  { $id: 'DeliverabilitySimulationJobTopErrorDto' },
);

export const DeliverabilitySimulationJobErrorSummaryDto = Type.Object(
  { lastError: Type.Optional(Nullable(Type.String())), topErrors: Type.Array(Type.Ref(DeliverabilitySimulationJobTopErrorDto)) },
  { $id: 'DeliverabilitySimulationJobErrorSummaryDto' },
);

export const DeliverabilitySimulationJobDto = Type.Object(
  {
    id: Uuid,
    testId: Uuid,
    scope: StringEnum(SCOPES),
    status: StringEnum(JOB_STATUSES),
    createdAt: DateTime,
    updatedAt: DateTime,
    startedAt: Type.Optional(Nullable(DateTime)),
    completedAt: Type.Optional(Nullable(DateTime)),
    totalTargets: Type.Integer(),
    totalPlannedSends: Type.Integer(),
    nextSendIndex: Type.Integer(),
    sentCount: Type.Integer(),
    successCount: Type.Integer(),
    failureCount: Type.Integer(),
    progressPercent: Type.Number(),
    activeTargetLabel: Type.Optional(Nullable(Type.String())),
    estimatedRemainingMs: Type.Optional(Nullable(Type.Integer({ description: 'the batches left times delayMs: the planned pauses, not a forecast of send time' }))),
    configSnapshot: Type.Ref(DeliverabilitySimulationJobConfigDto),
    errorSummary: Type.Ref(DeliverabilitySimulationJobErrorSummaryDto),
  },
  { $id: 'DeliverabilitySimulationJobDto' },
);

export const DeliverabilitySimulationJobEventDto = Type.Object(
  {
    id: Uuid,
    eventType: StringEnum(EVENT_TYPES),
    sendIndex: Type.Optional(Nullable(Type.Integer())),
    entityId: Type.Optional(Nullable(Uuid)),
    targetLabel: Type.Optional(Nullable(Type.String())),
    expectationName: Type.Optional(Nullable(Type.String())),
    attempt: Type.Optional(Nullable(Type.Integer())),
    message: Type.Optional(Nullable(Type.String())),
    error: Type.Optional(Nullable(Type.String())),
    createdAt: DateTime,
  },
  { $id: 'DeliverabilitySimulationJobEventDto' },
);

export const DeliverabilitySimulationJobEventPageDto = Type.Object(
  { job: Type.Ref(DeliverabilitySimulationJobDto), content: Type.Array(Type.Ref(DeliverabilitySimulationJobEventDto)), ...pageFields },
  { $id: 'DeliverabilitySimulationJobEventPageDto' },
);

export const DeliverabilityAnalyticsSummaryDto = Type.Object(
  {
    totalRuns: Type.Integer(),
    completeRuns: Type.Integer(),
    failedRuns: Type.Integer(),
    stoppedRuns: Type.Integer(),
    runningRuns: Type.Integer(),
    scheduledRuns: Type.Integer(),
    pausedRuns: Type.Integer(),
    createdRuns: Type.Integer(),
    thresholdConfiguredRuns: Type.Integer(),
    thresholdMetRuns: Type.Integer(),
    averageCompletionPercentage: Type.Number(),
    averageMatchedEntities: Type.Number(),
    averageUnmatchedEntities: Type.Number(),
  },
  { $id: 'DeliverabilityAnalyticsSummaryDto' },
);

export const DeliverabilityAnalyticsRunDto = Type.Object(
  {
    id: Uuid,
    name: Type.Optional(Nullable(Type.String())),
    scope: StringEnum(SCOPES),
    status: StringEnum(TEST_STATUSES),
    createdAt: DateTime,
    startAt: DateTime,
    completedAt: Type.Optional(Nullable(DateTime)),
    totalEntities: Type.Integer(),
    matchedEntities: Type.Integer(),
    unmatchedEntities: Type.Integer(),
    completionPercentage: Type.Number(),
    successThresholdPercent: Type.Optional(Nullable(Type.Number())),
    thresholdStatus: StringEnum(THRESHOLD_STATUSES),
  },
  { $id: 'DeliverabilityAnalyticsRunDto' },
);

export const DeliverabilityAnalyticsSeriesPointDto = Type.Object(
  { bucketStart: DateTime, bucketEnd: DateTime, metrics: Type.Ref(DeliverabilityAnalyticsSummaryDto) },
  { $id: 'DeliverabilityAnalyticsSeriesPointDto' },
);

export const DeliverabilityAnalyticsSeriesDto = Type.Object(
  {
    since: DateTime,
    before: DateTime,
    scope: Type.Optional(StringEnum(SCOPES)),
    bucket: StringEnum(['HOUR', 'DAY'] as const),
    summary: Type.Ref(DeliverabilityAnalyticsSummaryDto),
    runs: Type.Array(Type.Ref(DeliverabilityAnalyticsRunDto)),
    points: Type.Array(Type.Ref(DeliverabilityAnalyticsSeriesPointDto)),
  },
  { $id: 'DeliverabilityAnalyticsSeriesDto' },
);

export const DeliverabilityFailureEntityHotspotDto = Type.Object(
  {
    entityId: Uuid,
    entityLabel: Type.String(),
    scope: StringEnum(SCOPES),
    phoneCountry: Type.Optional(StringEnum(PHONE_COUNTRIES)),
    failedRunCount: Type.Integer(),
    totalRunCount: Type.Integer(),
    failureRatePercentage: Type.Number(),
  },
  { $id: 'DeliverabilityFailureEntityHotspotDto' },
);

export const DeliverabilityFailurePhoneDimensionHotspotDto = Type.Object(
  {
    phoneCountry: Type.Optional(StringEnum(PHONE_COUNTRIES)),
    failedRunCount: Type.Integer(),
    totalRunCount: Type.Integer(),
    failureRatePercentage: Type.Number(),
  },
  { $id: 'DeliverabilityFailurePhoneDimensionHotspotDto' },
);

export const DeliverabilityFailureHotspotsDto = Type.Object(
  {
    since: DateTime,
    before: DateTime,
    scope: Type.Optional(StringEnum(SCOPES)),
    entityHotspots: Type.Array(Type.Ref(DeliverabilityFailureEntityHotspotDto)),
    phoneDimensionHotspots: Type.Array(Type.Ref(DeliverabilityFailurePhoneDimensionHotspotDto)),
  },
  { $id: 'DeliverabilityFailureHotspotsDto' },
);

export const TestParams = Type.Object({ testId: Uuid });
export const JobParams = Type.Object({ testId: Uuid, jobId: Uuid });
export const SortedPageQuery = { ...PageQuery, sort: Type.Optional(SortDirection) };
export const WindowQuery = {
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
  scope: Type.Optional(StringEnum(SCOPES)),
};
export const PAGE_MAX = INT32_MAX;

export const deliverabilityModelSchemas = [
  DeliverabilitySelectorOptions, DeliverabilityExpectation, CreateDeliverabilityTestOptions, UpdateDeliverabilityTestOptions, DeliverabilityTestDto,
  DeliverabilityTestPageDto, DeliverabilityExpectationResultDto, DeliverabilityEntityResultDto, DeliverabilityEntityResultPageDto,
  DeliverabilityPollStatusResultDto, DeliverabilitySimulationEmailOptions, DeliverabilitySimulationSmsOptions, CreateDeliverabilitySimulationJobOptions,
  DeliverabilitySimulationJobConfigDto, DeliverabilitySimulationJobTopErrorDto, DeliverabilitySimulationJobErrorSummaryDto, DeliverabilitySimulationJobDto,
  DeliverabilitySimulationJobEventDto, DeliverabilitySimulationJobEventPageDto, DeliverabilityAnalyticsSummaryDto, DeliverabilityAnalyticsRunDto,
  DeliverabilityAnalyticsSeriesPointDto, DeliverabilityAnalyticsSeriesDto, DeliverabilityFailureEntityHotspotDto,
  DeliverabilityFailurePhoneDimensionHotspotDto, DeliverabilityFailureHotspotsDto,
];
