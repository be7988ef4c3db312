import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, StringEnum, Uuid } from '../shared/schemas.js';

export const PROBE_STATUSES = ['HEALTHY', 'WARNING', 'FAILED'] as const;
/**
 * Where a run came from, in the client's names: DIRECT_API (run-now, run-due), SES_MONITOR (a
 * message received at the probe's address: the client's name for the inbound mail path),
 * USER_SCHEDULE and SCHEDULER (the probe's schedule, run by this server's periodic job). CRON is
 * never used here.
 */
export const RUN_SOURCES = ['DIRECT_API', 'SES_MONITOR', 'USER_SCHEDULE', 'CRON', 'SCHEDULER'] as const;

/** Shortest and longest schedule interval: a minute, thirty days; a day when scheduling is on without one. */
export const MIN_INTERVAL_SECONDS = 60;
export const MAX_INTERVAL_SECONDS = 30 * 24 * 3600;
export const DEFAULT_INTERVAL_SECONDS = 24 * 3600;

const Interval = Type.Integer({
  minimum: MIN_INTERVAL_SECONDS, maximum: MAX_INTERVAL_SECONDS,
  description: `seconds between scheduled re-checks of the latest received message (${MIN_INTERVAL_SECONDS} to ${MAX_INTERVAL_SECONDS}; ${DEFAULT_INTERVAL_SECONDS} when scheduling is on without one)`,
});

const probeOptions = {
  name: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  enabled: Type.Optional(Nullable(Type.Boolean({ description: 'received mail and the schedule make runs (default true); run-now always works' }))),
  intervalSeconds: Type.Optional(Nullable(Interval)),
  schedulingEnabled: Type.Optional(Nullable(Type.Boolean({ description: 're-check the latest received message every intervalSeconds (default false)' }))),
};

export const CreateCampaignProbeOptions = Type.Object(probeOptions, { $id: 'CreateCampaignProbeOptions' });
export const UpdateCampaignProbeOptions = Type.Object(probeOptions, { $id: 'UpdateCampaignProbeOptions' });

const content = {
  fromAddress: Type.Optional(Nullable(Type.String({ maxLength: 998 }))),
  subject: Type.Optional(Nullable(Type.String({ maxLength: 998 }))),
  recipient: Type.Optional(Nullable(Type.String({ maxLength: 998 }))),
  messageId: Type.Optional(Nullable(Type.String({ maxLength: 998 }))),
  htmlBody: Type.Optional(Nullable(Type.String({ description: 'the HTML to check; htmlBody or textBody (or, for run-now, a message received at the probe\'s address)' }))),
  textBody: Type.Optional(Nullable(Type.String({ description: 'the text body; its links are checked when there is no htmlBody' }))),
};

export const CreateCampaignProbeRunOptions = Type.Object(content, { $id: 'CreateCampaignProbeRunOptions' });
export const CheckCampaignProbeOptions = Type.Object(
  { ...content, captchaToken: Type.Optional(Nullable(Type.String({ maxLength: 4096, description: 'accepted and ignored: this server asks for no captcha' }))) },
  { $id: 'CheckCampaignProbeOptions' },
);

/** The checks' counts and findings, shared by a run and the one-shot check. */
const resultFields = {
  status: StringEnum(PROBE_STATUSES),
  healthScore: Type.Integer({ description: 'passing checks in percent (100 when there was nothing to check)' }),
  totalChecks: Type.Integer(),
  passingChecks: Type.Integer(),
  failingChecks: Type.Integer(),
  checkedLinks: Type.Integer(),
  checkedImages: Type.Integer(),
  linkIssueCount: Type.Integer(),
  imageIssueCount: Type.Integer(),
  compatibilityWarningCount: Type.Integer(),
  compatibilityNotSupportedCount: Type.Integer(),
  compatibilityUnknownCount: Type.Integer(),
  htmlErrorCount: Type.Integer(),
  htmlWarningCount: Type.Integer(),
  htmlInfoCount: Type.Integer(),
  attachmentMentionIssueCount: Type.Integer(),
  insights: Type.Array(Type.String()),
  errorMessage: Type.Optional(Nullable(Type.String())),
};

export const CheckCampaignProbeResults = Type.Object(resultFields, { $id: 'CheckCampaignProbeResults' });

export const CampaignProbeRunDto = Type.Object(
  {
    id: Uuid,
    probeId: Uuid,
    userId: Uuid,
    source: StringEnum(RUN_SOURCES),
    ...resultFields,
    reputationFailureCount: Type.Integer({ description: 'SPF, DKIM, DMARC, spam or virus verdicts of FAIL on the received message' }),
    fromAddress: Type.Optional(Nullable(Type.String())),
    recipient: Type.Optional(Nullable(Type.String())),
    subject: Type.Optional(Nullable(Type.String())),
    messageId: Type.Optional(Nullable(Type.String({ description: 'the Message-ID of the checked message (or the one given)' }))),
    sourceMessageId: Type.Optional(Nullable(Type.String({ description: 'the id on this server of the received email the run checked' }))),
    processingMs: Type.Optional(Nullable(Type.Integer({ description: 'how long the checks took, measured' }))),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'CampaignProbeRunDto' },
);

export const CampaignProbeDto = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    name: Type.Optional(Nullable(Type.String())),
    localPart: Type.String(),
    emailAddress: Type.String({ description: 'send the campaign here: each message received is checked as a run' }),
    enabled: Type.Boolean(),
    intervalSeconds: Type.Optional(Nullable(Type.Integer())),
    schedulingEnabled: Type.Boolean(),
    nextRunAt: Type.Optional(Nullable(DateTime)),
    lastRunStatus: Type.Optional(StringEnum(PROBE_STATUSES)),
    lastHealthScore: Type.Optional(Nullable(Type.Integer())),
    lastIngestAt: Type.Optional(Nullable(DateTime)),
    totalIngestCount: Type.Integer({ description: 'messages received at the probe\'s address' }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'CampaignProbeDto' },
);

export const CampaignProbeRunNowResult = Type.Object(
  { probe: Type.Ref(CampaignProbeDto), run: Type.Ref(CampaignProbeRunDto) },
  { $id: 'CampaignProbeRunNowResult' },
);

export const CampaignProbeRunDueResult = Type.Object(
  {
    triggerSource: StringEnum(RUN_SOURCES),
    runCount: Type.Integer(),
    dueProbeCount: Type.Integer({ description: 'probes found due' }),
    skippedCount: Type.Integer({ description: 'due probes not run: no message received yet, or another run claimed them first' }),
    requestedMaxRuns: Type.Integer(),
    executedAt: DateTime,
  },
  { $id: 'CampaignProbeRunDueResult' },
);

export const CampaignProbeRunComparisonDto = Type.Object(
  {
    baseline: Type.Ref(CampaignProbeRunDto),
    current: Type.Ref(CampaignProbeRunDto),
    healthScoreDelta: Type.Integer(),
    statusChanged: Type.Boolean(),
    linkIssueDelta: Type.Integer(),
    imageIssueDelta: Type.Integer(),
    compatibilityWarningDelta: Type.Integer(),
    compatibilityNotSupportedDelta: Type.Integer(),
    htmlErrorDelta: Type.Integer(),
    htmlWarningDelta: Type.Integer(),
    reputationFailureDelta: Type.Integer(),
    attachmentMentionIssueDelta: Type.Integer(),
    addedInsights: Type.Array(Type.String()),
    removedInsights: Type.Array(Type.String()),
  },
  { $id: 'CampaignProbeRunComparisonDto' },
);

export const CampaignProbeSeriesPointDto = Type.Object(
  {
    bucketStart: DateTime,
    runCount: Type.Integer(),
    healthyCount: Type.Integer(),
    warningCount: Type.Integer(),
    failedCount: Type.Integer(),
    healthyRate: Type.Number(),
    averageHealthScore: Type.Number(),
  },
  { $id: 'CampaignProbeSeriesPointDto' },
);

export const CampaignProbeSeriesDto = Type.Object(
  {
    probeId: Uuid,
    since: DateTime,
    before: DateTime,
    bucket: StringEnum(['HOUR', 'DAY'] as const),
    points: Type.Array(Type.Ref(CampaignProbeSeriesPointDto)),
  },
  { $id: 'CampaignProbeSeriesDto' },
);

export const CampaignProbeInsightsDto = Type.Object(
  {
    probeId: Uuid,
    since: DateTime,
    before: DateTime,
    totalRuns: Type.Integer(),
    healthyRuns: Type.Integer(),
    warningRuns: Type.Integer(),
    failedRuns: Type.Integer(),
    successRate: Type.Number({ description: 'healthy runs in percent' }),
    averageHealthScore: Type.Number(),
    currentHealthyStreak: Type.Integer(),
    bestHealthyStreak: Type.Integer(),
    goodPerformanceSignals: Type.Array(Type.String()),
    attentionSignals: Type.Array(Type.String()),
    topFindings: Type.Array(Type.String()),
    latestRun: Type.Optional(Type.Ref(CampaignProbeRunDto)),
  },
  { $id: 'CampaignProbeInsightsDto' },
);

export const ProbeParams = Type.Object({ probeId: Uuid });
export const RunParams = Type.Object({ probeId: Uuid, runId: Uuid });
export const CompareParams = Type.Object({ probeId: Uuid, runId: Uuid, otherRunId: Uuid });
export const WindowQuery = { since: Type.Optional(DateTime), before: Type.Optional(DateTime) };

export const campaignProbeModelSchemas = [
  CreateCampaignProbeOptions, UpdateCampaignProbeOptions, CreateCampaignProbeRunOptions, CheckCampaignProbeOptions, CheckCampaignProbeResults,
  CampaignProbeRunDto, CampaignProbeDto, CampaignProbeRunNowResult, CampaignProbeRunDueResult, CampaignProbeRunComparisonDto,
  CampaignProbeSeriesPointDto, CampaignProbeSeriesDto, CampaignProbeInsightsDto,
];
