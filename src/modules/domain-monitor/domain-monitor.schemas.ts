import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, StringEnum, Uuid } from '../shared/schemas.js';

export const MONITOR_STATUSES = ['HEALTHY', 'DEGRADED', 'CRITICAL', 'FAILED'] as const;
export const TRIGGER_SOURCES = ['API', 'USER_SCHEDULE', 'CRON', 'SCHEDULER'] as const;
export const SINK_TYPES = ['EMAIL', 'WEBHOOK', 'SLACK', 'TEAMS'] as const;
export const SEVERITIES = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
export const SAMPLE_STATUSES = ['PASS', 'FAIL', 'WARNING', 'NOT_CHECKED'] as const;

/** Shortest and longest schedule interval: a minute, thirty days. */
export const MIN_INTERVAL_SECONDS = 60;
export const MAX_INTERVAL_SECONDS = 30 * 24 * 3600;
export const DEFAULT_INTERVAL_SECONDS = 3600;

const Domain = Type.String({ minLength: 1, maxLength: 253, description: 'the domain whose mail authentication is checked, e.g. example.com' });
const Selector = Type.String({ minLength: 1, maxLength: 63, pattern: '^[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*$' });
const Interval = Type.Integer({ minimum: MIN_INTERVAL_SECONDS, maximum: MAX_INTERVAL_SECONDS, description: `seconds between scheduled runs (${MIN_INTERVAL_SECONDS} to ${MAX_INTERVAL_SECONDS}; ${DEFAULT_INTERVAL_SECONDS} when unset)` });
const DkimSelectors = Type.Array(Selector, { maxItems: 10, description: 'DKIM selectors each run looks up (<selector>._domainkey.<domain>); unset = common provider selectors (default, selector1, selector2, google, k1, s1, s2, dkim, mail)' });

export const CreateDomainMonitorOptions = Type.Object(
  {
    domain: Domain,
    name: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
    intervalSeconds: Type.Optional(Nullable(Interval)),
    enabled: Type.Optional(Nullable(Type.Boolean({ description: 'legacy alias of schedulingEnabled' }))),
    schedulingEnabled: Type.Optional(Nullable(Type.Boolean({ description: 'scheduled runs on (the default); run-now always works' }))),
    dkimSelectors: Type.Optional(Nullable(DkimSelectors)),
  },
  { $id: 'CreateDomainMonitorOptions' },
);

export const UpdateDomainMonitorOptions = Type.Object(
  {
    name: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
    intervalSeconds: Type.Optional(Nullable(Interval)),
    enabled: Type.Optional(Nullable(Type.Boolean())),
    schedulingEnabled: Type.Optional(Nullable(Type.Boolean())),
    dkimSelectors: Type.Optional(Nullable(DkimSelectors)),
  },
  { $id: 'UpdateDomainMonitorOptions' },
);

export const DomainMonitorDkimSignatureDto = Type.Object(
  {
    domain: Nullable(Type.String()),
    selector: Nullable(Type.String()),
    algorithm: Nullable(Type.String()),
    identity: Nullable(Type.String()),
  },
  { $id: 'DomainMonitorDkimSignatureDto' },
);

export const DomainMonitorObservedAuthSampleDto = Type.Object(
  {
    id: Uuid,
    monitorId: Uuid,
    domain: Type.String(),
    recipientAddress: Type.String(),
    sourceMessageId: Nullable(Type.String({ description: 'the Message-ID header of the received email' })),
    messageId: Nullable(Type.String({ description: 'the id of the received email on this server' })),
    fromAddress: Nullable(Type.String()),
    fromDomain: Nullable(Type.String()),
    returnPath: Nullable(Type.String()),
    returnPathDomain: Nullable(Type.String()),
    spfStatus: StringEnum(SAMPLE_STATUSES),
    spfEvaluatedDomain: Nullable(Type.String()),
    spfSourceIp: Nullable(Type.String()),
    dkimStatus: StringEnum(SAMPLE_STATUSES),
    dkimSignatures: Type.Array(Type.Ref(DomainMonitorDkimSignatureDto)),
    dmarcStatus: StringEnum(SAMPLE_STATUSES),
    dmarcAlignedIdentifier: Nullable(Type.String()),
    trustedAuthenticationResultsSource: Nullable(Type.String({ description: 'authserv-id of the Authentication-Results header read' })),
    providerHints: Type.Array(Type.String()),
    accepted: Type.Boolean({ description: 'DMARC passed' }),
    validationError: Nullable(Type.String()),
    receivedAt: DateTime,
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'DomainMonitorObservedAuthSampleDto' },
);

export const DomainMonitorEmailVerificationDto = Type.Object(
  {
    monitorId: Uuid,
    emailAddress: Type.String(),
    localPart: Type.String(),
    status: StringEnum(['PENDING', 'COMPLETE'] as const, { description: 'COMPLETE once an email has arrived at the address' }),
    sampleCount: Type.Integer(),
    lastSample: Type.Optional(Type.Ref(DomainMonitorObservedAuthSampleDto)),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'DomainMonitorEmailVerificationDto' },
);

export const DomainMonitorDto = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    domain: Type.String(),
    name: Nullable(Type.String()),
    intervalSeconds: Type.Integer(),
    enabled: Type.Boolean(),
    schedulingEnabled: Type.Boolean(),
    lastStatus: Type.Optional(StringEnum(MONITOR_STATUSES)),
    healthScore: Nullable(Type.Integer()),
    lastRunAt: Nullable(DateTime),
    nextRunAt: Nullable(DateTime),
    emailVerification: Type.Optional(Type.Ref(DomainMonitorEmailVerificationDto)),
    dkimSelectors: Type.Array(Type.String()),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'DomainMonitorDto' },
);

export const DomainMonitorRunDto = Type.Object(
  {
    id: Uuid,
    monitorId: Uuid,
    userId: Uuid,
    domain: Type.String(),
    status: StringEnum(MONITOR_STATUSES),
    triggerSource: StringEnum(TRIGGER_SOURCES),
    healthScore: Type.Integer({ description: '0-100: each passing check counts fully, each warning half' }),
    totalChecks: Type.Integer(),
    passingChecks: Type.Integer(),
    failingChecks: Type.Integer(),
    spfOk: Type.Boolean(),
    dmarcOk: Type.Boolean(),
    dmarcEnforced: Type.Boolean(),
    mxOk: Type.Boolean(),
    dkimOk: Type.Boolean(),
    bimiOk: Type.Boolean(),
    mtaStsOk: Type.Boolean(),
    tlsReportingOk: Type.Boolean(),
    blacklistChecked: Type.Boolean({ description: 'always false: this server checks no blocklists' }),
    blacklistOk: Type.Boolean(),
    blacklistListed: Type.Boolean(),
    insights: Type.Array(Type.String()),
    errorMessage: Nullable(Type.String()),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'DomainMonitorRunDto' },
);

export const DomainMonitorRunNowResult = Type.Object(
  { monitor: Type.Ref(DomainMonitorDto), run: Type.Ref(DomainMonitorRunDto) },
  { $id: 'DomainMonitorRunNowResult' },
);

export const DomainMonitorRunDueResult = Type.Object(
  {
    triggerSource: StringEnum(TRIGGER_SOURCES),
    runCount: Type.Integer(),
    requestedMaxRuns: Type.Integer(),
    executedAt: DateTime,
  },
  { $id: 'DomainMonitorRunDueResult' },
);

export const DomainMonitorRunComparisonDto = Type.Object(
  {
    baseline: Type.Ref(DomainMonitorRunDto),
    current: Type.Ref(DomainMonitorRunDto),
    healthScoreDelta: Type.Integer(),
    statusChanged: Type.Boolean(),
    passingChecksDelta: Type.Integer(),
    failingChecksDelta: Type.Integer(),
    spfChanged: Type.Boolean(),
    dmarcChanged: Type.Boolean(),
    dmarcEnforcedChanged: Type.Boolean(),
    mxChanged: Type.Boolean(),
    dkimChanged: Type.Boolean(),
    bimiChanged: Type.Boolean(),
    mtaStsChanged: Type.Boolean(),
    tlsReportingChanged: Type.Boolean(),
    blacklistChanged: Type.Boolean(),
    addedInsights: Type.Array(Type.String()),
    removedInsights: Type.Array(Type.String()),
  },
  { $id: 'DomainMonitorRunComparisonDto' },
);

export const DomainMonitorSeriesPointDto = Type.Object(
  {
    bucketStart: DateTime,
    runCount: Type.Integer(),
    healthyCount: Type.Integer(),
    degradedCount: Type.Integer(),
    criticalCount: Type.Integer(),
    failedCount: Type.Integer(),
    healthyRate: Type.Number({ description: 'percentage (0-100) of the bucket\'s runs that were HEALTHY' }),
    averageHealthScore: Type.Number(),
  },
  { $id: 'DomainMonitorSeriesPointDto' },
);

export const DomainMonitorSeriesDto = Type.Object(
  {
    monitorId: Uuid,
    since: DateTime,
    before: DateTime,
    bucket: StringEnum(['HOUR', 'DAY'] as const),
    points: Type.Array(Type.Ref(DomainMonitorSeriesPointDto), { description: 'buckets with at least one run, oldest first' }),
  },
  { $id: 'DomainMonitorSeriesDto' },
);

export const DomainMonitorInsightsDto = Type.Object(
  {
    monitorId: Uuid,
    since: DateTime,
    before: DateTime,
    totalRuns: Type.Integer(),
    healthyRuns: Type.Integer(),
    degradedRuns: Type.Integer(),
    criticalRuns: Type.Integer(),
    failedRuns: Type.Integer(),
    successRate: Type.Number({ description: 'percentage (0-100) of runs that were HEALTHY; 0 without runs' }),
    averageHealthScore: Type.Number({ description: '0 without runs' }),
    currentHealthyStreak: Type.Integer(),
    bestHealthyStreak: Type.Integer(),
    goodPerformanceSignals: Type.Array(Type.String()),
    attentionSignals: Type.Array(Type.String()),
    topFindings: Type.Array(Type.String()),
    latestRun: Type.Optional(Type.Ref(DomainMonitorRunDto)),
  },
  { $id: 'DomainMonitorInsightsDto' },
);

export const DNSLookupOptions = Type.Object(
  { hostname: Type.String(), recordTypes: Type.Array(Type.String()), omitFinalDNSDot: Type.Boolean() },
  { $id: 'DNSLookupOptions' },
);
export const DNSLookupResult = Type.Object(
  {
    recordType: Type.String(),
    ttl: Type.Integer({ description: '0: Node\'s resolver does not report the TTL of TXT and MX answers' }),
    recordEntries: Type.Array(Type.String()),
    name: Type.String(),
  },
  { $id: 'DNSLookupResult' },
);
const RecordLookup = {
  valid: Type.Boolean(),
  query: Type.Ref(DNSLookupOptions),
  records: Type.Array(Type.Ref(DNSLookupResult)),
  errors: Type.Array(Type.String()),
  warnings: Type.Array(Type.String()),
};
const SpfMechanismResult = Type.Object(
  { kind: Type.String(), value: Nullable(Type.String()), qualifier: Nullable(Type.String()) },
  { $id: 'SpfMechanismResult' },
);
export const LookupSpfDomainResults = Type.Object(
  {
    valid: Type.Boolean(), host: Type.String(), record: Nullable(Type.String()), flattenedRecord: Nullable(Type.String()),
    lookupCount: Type.Integer(), mechanisms: Type.Array(Type.Ref(SpfMechanismResult)), warnings: Type.Array(Type.String()), errors: Type.Array(Type.String()),
  },
  { $id: 'LookupSpfDomainResults' },
);
export const LookupDkimDomainResults = Type.Object(
  {
    valid: Type.Boolean(), queriedName: Nullable(Type.String()), selector: Nullable(Type.String()), record: Nullable(Type.String()),
    algorithm: Nullable(Type.String()), keyLength: Nullable(Type.Integer()), checkedNames: Type.Array(Type.String()),
    warnings: Type.Array(Type.String()), errors: Type.Array(Type.String()),
  },
  { $id: 'LookupDkimDomainResults' },
);
export const LookupDmarcDomainResults = Type.Object(RecordLookup, { $id: 'LookupDmarcDomainResults' });
export const LookupBimiDomainResults = Type.Object(RecordLookup, { $id: 'LookupBimiDomainResults' });
export const LookupTlsReportingDomainResults = Type.Object(RecordLookup, { $id: 'LookupTlsReportingDomainResults' });
export const LookupMtaStsDomainResults = Type.Object(
  { ...RecordLookup, wellKnownQuery: Type.String(), wellKnownPresent: Type.Boolean(), wellKnownValue: Type.String() },
  { $id: 'LookupMtaStsDomainResults' },
);
export const LookupMxRecordsResults = Type.Object(
  { records: Type.Array(Type.Ref(DNSLookupResult)), errors: Type.Array(Type.String()), warnings: Type.Array(Type.String()) },
  { $id: 'LookupMxRecordsResults' },
);

export const CheckEmailAuthStackResults = Type.Object(
  {
    domain: Type.String(),
    status: StringEnum(MONITOR_STATUSES),
    healthScore: Type.Integer(),
    totalChecks: Type.Integer(),
    passingChecks: Type.Integer(),
    failingChecks: Type.Integer(),
    spf: Type.Ref(LookupSpfDomainResults),
    dmarc: Type.Ref(LookupDmarcDomainResults),
    dkim: Type.Ref(LookupDkimDomainResults),
    bimi: Type.Ref(LookupBimiDomainResults),
    mx: Type.Ref(LookupMxRecordsResults),
    mtaSts: Type.Ref(LookupMtaStsDomainResults),
    tlsReporting: Type.Ref(LookupTlsReportingDomainResults),
    insights: Type.Array(Type.String()),
    warnings: Type.Array(Type.String()),
    errors: Type.Array(Type.String()),
  },
  { $id: 'CheckEmailAuthStackResults' },
);

export const DomainMonitorSummaryDto = Type.Object(
  {
    monitor: Type.Ref(DomainMonitorDto),
    latestRun: Type.Optional(Type.Ref(DomainMonitorRunDto)),
    insights: Type.Ref(DomainMonitorInsightsDto),
    authStack: Type.Ref(CheckEmailAuthStackResults),
  },
  { $id: 'DomainMonitorSummaryDto' },
);

export const CreateDomainMonitorAlertSinkOptions = Type.Object(
  {
    type: StringEnum(SINK_TYPES, { description: 'EMAIL: target is an address; WEBHOOK, SLACK, TEAMS: target is an http(s) URL' }),
    target: Type.String({ minLength: 1, maxLength: 2048 }),
    severityThreshold: Type.Optional(StringEnum(SEVERITIES, { description: 'least severe change that alerts (LOW when unset)' })),
    enabled: Type.Optional(Nullable(Type.Boolean())),
  },
  { $id: 'CreateDomainMonitorAlertSinkOptions' },
);

export const DomainMonitorAlertSinkDto = Type.Object(
  {
    id: Uuid,
    monitorId: Uuid,
    userId: Uuid,
    type: StringEnum(SINK_TYPES),
    target: Type.String(),
    severityThreshold: StringEnum(SEVERITIES),
    enabled: Type.Boolean(),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'DomainMonitorAlertSinkDto' },
);

export const MonitorParams = Type.Object({ monitorId: Uuid });
export const RunParams = Type.Object({ monitorId: Uuid, runId: Uuid });
export const CompareParams = Type.Object({ monitorId: Uuid, runId: Uuid, otherRunId: Uuid });
export const SinkParams = Type.Object({ monitorId: Uuid, sinkId: Uuid });
export const SampleParams = Type.Object({ monitorId: Uuid, sampleId: Uuid });
export const WindowQuery = { since: Type.Optional(DateTime), before: Type.Optional(DateTime) };
export const SelectorQuery = Type.Object({ dkimSelector: Type.Optional(Selector) });

export const domainMonitorModelSchemas = [
  CreateDomainMonitorOptions, UpdateDomainMonitorOptions, DomainMonitorDkimSignatureDto, DomainMonitorObservedAuthSampleDto,
  DomainMonitorEmailVerificationDto, DomainMonitorDto, DomainMonitorRunDto, DomainMonitorRunNowResult, DomainMonitorRunDueResult,
  DomainMonitorRunComparisonDto, DomainMonitorSeriesPointDto, DomainMonitorSeriesDto, DomainMonitorInsightsDto,
  DNSLookupOptions, DNSLookupResult, SpfMechanismResult, LookupSpfDomainResults, LookupDkimDomainResults, LookupDmarcDomainResults,
  LookupBimiDomainResults, LookupTlsReportingDomainResults, LookupMtaStsDomainResults, LookupMxRecordsResults,
  CheckEmailAuthStackResults, DomainMonitorSummaryDto, CreateDomainMonitorAlertSinkOptions, DomainMonitorAlertSinkDto,
];
