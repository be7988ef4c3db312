import { Type, type TSchema } from '@sinclair/typebox';
import { DateTime, Nullable, StringEnum, Uuid } from '../shared/schemas.js';

const SEGMENTS = ['ALL_INBOXES', 'PERSONAL_INBOXES', 'PROFESSIONAL_INBOXES'] as const;
const FORMATS = ['COMMA', 'NEWLINE'] as const;
const Opt = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));
const Int = Type.Integer();
const Num = Type.Number();
const StringMap = Type.Record(Type.String(), Type.String());
const SHORT = { maxLength: 320 };

export const CreateInboxPlacementTestOptions = Type.Object({
  seedlistProfile: Opt(Type.String({ maxLength: 100, description: 'a label of your own for the seed list; every seed is an inbox of this server' })),
  requestedSegment: StringEnum(SEGMENTS, { description: 'recorded with the test; every seed is an inbox of this server, whatever the segment' }),
  senderDomain: Opt(Type.String({ ...SHORT, description: 'the sending domain; taken from fromEmail when absent' })),
  fromEmail: Opt(Type.String({ ...SHORT, description: 'the sending address' })),
  publicShareRequested: Type.Boolean({ description: 'make a share token: the results can then be read with it and no API key' }),
  addressFormat: StringEnum(FORMATS, { description: 'how seedAddressFormats joins the seeds (both are always given)' }),
}, { $id: 'CreateInboxPlacementTestOptions' });

export const CreatePublicSpamTestOptions = Type.Object({
  fromEmail: Opt(Type.String({ ...SHORT, description: 'the sending address' })),
  senderDomain: Opt(Type.String({ ...SHORT, description: 'the sending domain; taken from fromEmail when absent' })),
  requestedSegment: StringEnum(SEGMENTS),
  addressFormat: StringEnum(FORMATS),
  captchaToken: Opt(Type.String({ maxLength: 4096, description: 'ignored: requests carry an API key here, no captcha is asked' })),
}, { $id: 'CreatePublicSpamTestOptions' });

export const SubmitPublicSpamTestOptions = Type.Object({
  captchaToken: Opt(Type.String({ maxLength: 4096, description: 'ignored: requests carry an API key here' })),
}, { $id: 'SubmitPublicSpamTestOptions' });

const runCounts = {
  totalTargets: Int, matchedTargets: Int, inboxTargets: Int, spamTargets: Int, notReceivedTargets: Int,
};
const runTimes = {
  startedAt: Opt(DateTime), firstMatchAt: Opt(DateTime), completedAt: Opt(DateTime), expiresAt: Opt(DateTime),
};
const runLabels = {
  status: Opt(Type.String({ description: 'WAITING_FOR_EMAIL, IN_PROGRESS or COMPLETED' })),
  reportStatus: Opt(Type.String({ description: 'PENDING until the test completes, then READY' })),
  requestedSegment: Opt(Type.String()), seedlistProfile: Opt(Type.String()), senderDomain: Opt(Type.String()), fromEmail: Opt(Type.String()),
  subjectHint: Opt(Type.String({ description: 'put the tracking token in the subject or body so the seeds can be told apart from other mail' })),
};

export const InboxPlacementTestRunDto = Type.Object({
  id: Uuid, remoteTestId: Type.String({ description: 'the test id: the test runs on this server, there is no remote one' }),
  mode: Opt(Type.String({ description: 'LOCAL: seeds are inboxes of this server' })), ...runLabels,
  trackingToken: Opt(Type.String()), seedAddresses: Type.Array(Type.String()), seedAddressFormats: StringMap,
  ...runCounts, ...runTimes, lastEventAt: Opt(DateTime), lastSyncedAt: Opt(DateTime), billedAt: Opt(DateTime),
  createdAt: DateTime, updatedAt: DateTime,
}, { $id: 'InboxPlacementTestRunDto' });

export const PublicSpamTestRunDto = Type.Object({
  id: Uuid, source: Type.String(), ...runLabels, trackingToken: Opt(Type.String()), seedAddresses: Type.Array(Type.String()),
  seedAddressFormats: StringMap, ...runCounts, submittedAt: Opt(DateTime), ...runTimes, lastEventAt: Opt(DateTime), lastSyncedAt: Opt(DateTime),
  freeLimitReached: Type.Boolean({ description: 'always false: no plan limits here' }), errorCode: Opt(Type.String()),
  createdAt: DateTime, updatedAt: DateTime,
}, { $id: 'PublicSpamTestRunDto' });

export const InboxPlacementPublicTestRunDto = Type.Object({
  id: Uuid, ...runLabels, ...runCounts, ...runTimes, createdAt: DateTime, updatedAt: DateTime,
}, { $id: 'InboxPlacementPublicTestRunDto' });

export const InboxPlacementTargetResultDto = Type.Object({
  seedAccountId: Int, seedAddress: Type.String(), provider: Type.String({ description: 'this server: seeds are its inboxes' }),
  segment: Type.String(), status: Type.String({ description: 'RECEIVED, WAITING or NOT_RECEIVED' }),
  placementVerdict: Opt(Type.String({ description: 'INBOX or SPAM by SpamAssassin; null when spamd could not be asked (evidence.spamCheck says why)' })),
  placementFolder: Opt(Type.String()), receivedAt: Opt(DateTime),
  latencyMs: Opt(Type.Integer({ description: 'receipt time minus the Date header (whole seconds at the sender)' })), evidence: StringMap,
}, { $id: 'InboxPlacementTargetResultDto' });

export const InboxPlacementSpamScoreDto = Type.Object({
  segment: Type.Optional(StringEnum(SEGMENTS)),
  spamScoreOutOfTen: Type.Number({ description: '10 minus the average SpamAssassin score of the received seeds, between 0 and 10 (higher is better)' }),
  spamScoreVariant: StringEnum(['Good', 'Warning', 'Danger'] as const),
}, { $id: 'InboxPlacementSpamScoreDto' });

const AnalysisItem = Type.Object({
  key: Type.String(), status: StringEnum(['PASS', 'WARN', 'FAIL', 'INFO'] as const), title: Type.String(), message: Type.String(), meta: StringMap,
  actionLabel: Opt(Type.String()), actionUrl: Opt(Type.String()),
  detailTable: Opt(Type.Object({ title: Type.String(), columns: Type.Array(Type.String()), rows: Type.Array(StringMap) }, { description: 'the client\'s InboxPlacementAnalysisDetailTableDto' })),
}, { $id: 'InboxPlacementAnalysisItemDto' });

export const InboxPlacementAnalysisBundleDto = Type.Object({
  generatedAt: DateTime, senderDomain: Opt(Type.String()), fromEmail: Opt(Type.String()),
  setupItems: Type.Array(Type.Ref(AnalysisItem)), contentItems: Type.Array(Type.Ref(AnalysisItem)),
  domainMonitor: Opt(Type.Object({}, { additionalProperties: true, description: 'not given: no domain monitor summary is made for placement tests' })),
}, { $id: 'InboxPlacementAnalysisBundleDto' });

const RemoteResults = Type.Object({
  test: Type.Object({
    testId: Type.String(), mode: Type.String(), status: Type.String(), reportStatus: Type.String(), requestedSegment: Type.String(),
    seedlistProfile: Type.String(), senderDomain: Opt(Type.String()), fromEmail: Opt(Type.String()), subjectHint: Opt(Type.String()),
    startedAt: Opt(DateTime), expiresAt: Opt(DateTime),
  }, { description: 'the client\'s InboxPlacementRemoteTestSummaryDto' }),
  deliverability: Type.Object(runCounts, { description: 'the client\'s InboxPlacementDeliverabilitySummaryDto' }),
  setupAnalysis: StringMap, contentAnalysis: StringMap, analysis: Opt(Type.Ref(InboxPlacementAnalysisBundleDto)),
  targets: Type.Array(Type.Ref(InboxPlacementTargetResultDto)), scores: Type.Array(StringMap), share: Opt(StringMap),
}, { $id: 'InboxPlacementRemoteResultsDto' });

export const InboxPlacementTestResultsDto = Type.Object({
  run: Type.Ref(InboxPlacementTestRunDto), results: Nullable(Type.Ref(RemoteResults)), spamScores: Type.Array(Type.Ref(InboxPlacementSpamScoreDto)),
}, { $id: 'InboxPlacementTestResultsDto' });

export const PublicSpamTestResultsDto = Type.Object({
  run: Type.Ref(PublicSpamTestRunDto), results: Opt(Type.Ref(RemoteResults)), spamScores: Type.Array(Type.Ref(InboxPlacementSpamScoreDto)),
}, { $id: 'PublicSpamTestResultsDto' });

export const InboxPlacementPublicShareDto = Type.Object({
  run: Type.Ref(InboxPlacementPublicTestRunDto), results: Opt(Type.Ref(RemoteResults)), spamScores: Type.Array(Type.Ref(InboxPlacementSpamScoreDto)),
}, { $id: 'InboxPlacementPublicShareDto' });

const folderCounts = {
  deliveredTargets: Int, inboxTargets: Int, spamTargets: Int, promotionTargets: Int, socialTargets: Int, updateTargets: Int, forumTargets: Int,
  otherFolderTargets: Int, notReceivedTargets: Int,
};
export const InboxPlacementAnalyticsSummaryDto = Type.Object({
  totalRuns: Int, completedRuns: Int, activeRuns: Int, failedRuns: Int, totalTargets: Int, matchedTargets: Int, ...folderCounts,
  averageDeliveredRatePercentage: Num, averageInboxRatePercentage: Num, averageSpamRatePercentage: Num,
  averagePromotionRatePercentage: Num, averageNotReceivedRatePercentage: Num,
}, { $id: 'InboxPlacementAnalyticsSummaryDto' });

const Point = Type.Object({ bucketStart: DateTime, bucketEnd: DateTime, metrics: Type.Ref(InboxPlacementAnalyticsSummaryDto) }, { $id: 'InboxPlacementAnalyticsSeriesPointDto' });
const AnalyticsRun = Type.Object({
  id: Uuid, remoteTestId: Type.String(), senderDomain: Opt(Type.String()), fromEmail: Opt(Type.String()), status: Opt(Type.String()), reportStatus: Opt(Type.String()),
  createdAt: DateTime, startedAt: Opt(DateTime), completedAt: Opt(DateTime), totalTargets: Int, matchedTargets: Int, ...folderCounts,
  deliveredRatePercentage: Num, inboxRatePercentage: Num, spamRatePercentage: Num, promotionRatePercentage: Num, notReceivedRatePercentage: Num,
}, { $id: 'InboxPlacementAnalyticsRunDto' });
const GroupSeries = Type.Object({
  key: Type.String(), label: Type.String(), senderDomain: Opt(Type.String()), fromEmail: Opt(Type.String()),
  summary: Type.Ref(InboxPlacementAnalyticsSummaryDto), points: Type.Array(Type.Ref(Point)),
}, { $id: 'InboxPlacementAnalyticsGroupSeriesDto' });

export const InboxPlacementAnalyticsSeriesDto = Type.Object({
  since: DateTime, before: DateTime, bucket: StringEnum(['HOUR', 'DAY'] as const), groupBy: StringEnum(['NONE', 'SENDER_DOMAIN', 'FROM_EMAIL'] as const),
  senderDomain: Opt(Type.String()), fromEmail: Opt(Type.String()), summary: Type.Ref(InboxPlacementAnalyticsSummaryDto),
  runs: Type.Array(Type.Ref(AnalyticsRun)), points: Type.Array(Type.Ref(Point)), groups: Type.Array(Type.Ref(GroupSeries)),
}, { $id: 'InboxPlacementAnalyticsSeriesDto' });

const SenderBreakdown = Type.Object({
  key: Type.String(), label: Type.String(), senderDomain: Opt(Type.String()), fromEmail: Opt(Type.String()), runCount: Int, lastRunAt: Opt(DateTime),
  metrics: Type.Ref(InboxPlacementAnalyticsSummaryDto),
}, { $id: 'InboxPlacementSenderBreakdownDto' });
export const InboxPlacementAnalyticsBreakdownDto = Type.Object({
  since: DateTime, before: DateTime, senderDomain: Opt(Type.String()), fromEmail: Opt(Type.String()), summary: Type.Ref(InboxPlacementAnalyticsSummaryDto),
  folders: Type.Array(Type.Object({ folder: Type.String(), count: Int, percentage: Num }, { description: 'the client\'s InboxPlacementFolderBreakdownDto' })),
  providers: Type.Array(Type.Object({
    provider: Type.String(), totalTargets: Int, deliveredTargets: Int, inboxTargets: Int, spamTargets: Int, notReceivedTargets: Int,
    deliveredRatePercentage: Num, inboxRatePercentage: Num, spamRatePercentage: Num, notReceivedRatePercentage: Num,
  }, { description: 'the client\'s InboxPlacementProviderBreakdownDto' })),
  senderDomains: Type.Array(Type.Ref(SenderBreakdown)), fromEmails: Type.Array(Type.Ref(SenderBreakdown)),
}, { $id: 'InboxPlacementAnalyticsBreakdownDto' });

export const TestIdParams = Type.Object({ id: Uuid });
export const ShareTokenParams = Type.Object({ shareToken: Type.String({ minLength: 1, maxLength: 100 }) });
export const ListQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: 'most tests, newest first (500 when unset)' })) });
const windowQuery = {
  since: Type.Optional(DateTime), before: Type.Optional(DateTime),
  senderDomain: Type.Optional(Type.String({ maxLength: 320 })), fromEmail: Type.Optional(Type.String({ maxLength: 320 })),
};
export const SeriesQuery = Type.Object({
  ...windowQuery, bucket: Type.Optional(StringEnum(['HOUR', 'DAY'] as const)), groupBy: Type.Optional(StringEnum(['NONE', 'SENDER_DOMAIN', 'FROM_EMAIL'] as const)),
  runLimit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })), groupLimit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export const BreakdownQuery = Type.Object({ ...windowQuery, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) });

export const inboxPlacementModelSchemas = [
  CreateInboxPlacementTestOptions, CreatePublicSpamTestOptions, SubmitPublicSpamTestOptions, InboxPlacementTestRunDto, PublicSpamTestRunDto,
  InboxPlacementPublicTestRunDto, InboxPlacementTargetResultDto, InboxPlacementSpamScoreDto, AnalysisItem, InboxPlacementAnalysisBundleDto,
  RemoteResults, InboxPlacementTestResultsDto, PublicSpamTestResultsDto, InboxPlacementPublicShareDto, InboxPlacementAnalyticsSummaryDto,
  Point, AnalyticsRun, GroupSeries, InboxPlacementAnalyticsSeriesDto, SenderBreakdown, InboxPlacementAnalyticsBreakdownDto,
];
