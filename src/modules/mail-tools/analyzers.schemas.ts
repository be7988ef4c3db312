import { Type } from '@sinclair/typebox';
import { DateTime, Nullable } from '../shared/schemas.js';
import { EmailFeatureSupportResult } from '../email/client-support.schemas.js';
import { MAX_REPORT_BYTES } from './dmarc-report-input.js';

/** The official client's models of analyzeEmailHeaders, analyzeDmarcReport and checkEmailFeaturesClientSupport. */

const NullableText = (description?: string) => Type.Optional(Nullable(Type.String(description ? { description } : {})));

export const AnalyzeEmailHeadersOptions = Type.Object(
  { rawHeaders: Type.String({ maxLength: 1024 * 1024, description: 'Raw RFC 5322 email headers to analyze (a whole message: its body is ignored)' }) },
  { $id: 'AnalyzeEmailHeadersOptions' },
);
export const EmailHeaderAnalysisSummary = Type.Object(
  {
    spf: NullableText('the SPF verdict of the topmost Authentication-Results (else Received-SPF)'),
    dkim: NullableText('the DKIM verdict of the topmost Authentication-Results (pass when any signature passed)'),
    dmarc: NullableText('the DMARC verdict of the topmost Authentication-Results'),
    fromDomain: NullableText(),
    returnPathDomain: NullableText(),
  },
  { $id: 'EmailHeaderAnalysisSummary' },
);
export const EmailHeaderReceivedHop = Type.Object(
  {
    from: NullableText(),
    by: NullableText(),
    withValue: NullableText('the protocol of the with clause, such as ESMTPS'),
    timestamp: NullableText('the hop\'s date as ISO 8601; null when the header has none that can be read'),
    delayMs: Type.Optional(Nullable(Type.Integer({ description: 'milliseconds since the previous hop with a date; null for the first' }))),
  },
  { $id: 'EmailHeaderReceivedHop' },
);
export const AnalyzeEmailHeadersResults = Type.Object(
  {
    summary: Type.Ref(EmailHeaderAnalysisSummary),
    receivedPath: Type.Array(Type.Ref(EmailHeaderReceivedHop), { description: 'from the first server to the last' }),
    parsedHeaders: Type.Record(Type.String(), Type.Array(Type.String()), { description: 'lower-cased header name → unfolded values in order' }),
    warnings: Type.Array(Type.String()),
    errors: Type.Array(Type.String()),
  },
  { $id: 'AnalyzeEmailHeadersResults' },
);

// base64 grows the report by a third.
const REPORT_TEXT_MAX = Math.ceil((MAX_REPORT_BYTES * 4) / 3) + 4096;
export const AnalyzeDmarcReportOptions = Type.Object(
  {
    reportXml: Type.String({ maxLength: REPORT_TEXT_MAX, description: 'the aggregate report XML, or base64 of its .xml.gz or .zip file' }),
    captchaToken: Type.Optional(Nullable(Type.String({ maxLength: 4096, description: 'ignored: callers are authenticated by their API key' }))),
  },
  { $id: 'AnalyzeDmarcReportOptions' },
);
export const DmarcReportMetadata = Type.Object(
  {
    orgName: NullableText(), email: NullableText(), reportId: NullableText(), domain: NullableText(),
    adkim: NullableText(), aspf: NullableText(), policy: NullableText(), subdomainPolicy: NullableText(),
    percentage: Type.Optional(Nullable(Type.Integer())),
    dateRangeBegin: Type.Optional(Nullable(DateTime)),
    dateRangeEnd: Type.Optional(Nullable(DateTime)),
  },
  { $id: 'DmarcReportMetadata' },
);
export const DmarcReportSourceSummary = Type.Object(
  {
    sourceIp: Type.String(),
    count: Type.Integer(),
    disposition: NullableText(),
    dkimAligned: Type.Boolean(),
    spfAligned: Type.Boolean(),
    headerFrom: NullableText(),
  },
  { $id: 'DmarcReportSourceSummary', description: 'messages of one source IP with one outcome (an IP with several outcomes has several)' },
);
export const AnalyzeDmarcReportResults = Type.Object(
  {
    metadata: Type.Ref(DmarcReportMetadata),
    recordCount: Type.Integer(),
    totalMessages: Type.Integer(),
    rejectCount: Type.Integer(),
    quarantineCount: Type.Integer(),
    noneCount: Type.Integer(),
    dkimAlignedCount: Type.Integer(),
    spfAlignedCount: Type.Integer(),
    fullyAlignedCount: Type.Integer(),
    failedAlignmentCount: Type.Integer(),
    topSources: Type.Array(Type.Ref(DmarcReportSourceSummary)),
    warnings: Type.Array(Type.String()),
    errors: Type.Array(Type.String()),
  },
  { $id: 'AnalyzeDmarcReportResults' },
);

export const CheckEmailFeaturesClientSupportOptions = Type.Object(
  { emailBody: Type.String({ description: 'the HTML of an email' }) },
  { $id: 'CheckEmailFeaturesClientSupportOptions' },
);
export const CheckEmailFeaturesClientSupportResults = Type.Object(
  { result: Type.Ref(EmailFeatureSupportResult) },
  { $id: 'CheckEmailFeaturesClientSupportResults' },
);

export const analyzerModelSchemas = [
  AnalyzeEmailHeadersOptions, EmailHeaderAnalysisSummary, EmailHeaderReceivedHop, AnalyzeEmailHeadersResults,
  AnalyzeDmarcReportOptions, DmarcReportMetadata, DmarcReportSourceSummary, AnalyzeDmarcReportResults,
  CheckEmailFeaturesClientSupportOptions, CheckEmailFeaturesClientSupportResults,
];
