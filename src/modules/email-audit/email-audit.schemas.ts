import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Nullable, StringEnum, Uuid } from '../shared/schemas.js';
import { EmailFeatureSupportResult } from '../email/client-support.schemas.js';
import type { EmailFeatureSupportResult as FeatureSupport } from '../email/client-support.js';
import { ACCESSIBILITY_RULES } from './accessibility.js';
import { HTMLValidationResult } from '../email/validation.schemas.js';

/** The longest subject, address or verdict an audit keeps (what a header line can sensibly carry). */
const SHORT = 998;
const Short = (description: string) => Type.Optional(Nullable(Type.String({ maxLength: SHORT, description })));

/** The client's EmailAnalysis as input: every verdict optional (its serializer leaves unset ones out). */
const EmailAnalysisInput = Type.Object(
  {
    spamVerdict: Short('spam verdict (FAIL counts as a reputation failure)'),
    virusVerdict: Short('virus verdict (FAIL counts as a reputation failure)'),
    spfVerdict: Short('SPF verdict, such as PASS or FAIL'),
    dkimVerdict: Short('DKIM verdict'),
    dmarcVerdict: Short('DMARC verdict'),
  },
  { description: 'authentication and content verdicts of the message, when known; each one given is one check' },
);

const auditInputFields = {
  fromAddress: Short('sender address (kept with a stored audit)'),
  recipient: Short('recipient address (kept with a stored audit)'),
  subject: Short('subject line (kept with a stored audit)'),
  htmlBody: Type.Optional(Nullable(Type.String({ description: 'the HTML body; htmlBody or textBody is required' }))),
  textBody: Type.Optional(Nullable(Type.String({ description: 'the text body; its links are checked when there is no htmlBody' }))),
  emailAnalysis: Type.Optional(Nullable(EmailAnalysisInput)),
  hasAttachments: Type.Optional(Nullable(Type.Boolean({ description: 'whether the message has attachments; unset = the attachment-mention check is not made' }))),
};

export const CheckEmailAuditOptions = Type.Object(
  {
    ...auditInputFields,
    captchaToken: Short('ignored: this server runs no captcha (its API key is the abuse protection)'),
  },
  { $id: 'CheckEmailAuditOptions' },
);

export const CreateEmailAuditOptions = Type.Object(auditInputFields, { $id: 'CreateEmailAuditOptions' });

export const EmailAuditUrlIssue = Type.Object(
  {
    url: Type.String(),
    statusCode: Type.Optional(Nullable(Type.Integer({ description: 'the final HTTP status after redirects; null when no answer came' }))),
    message: Type.String(),
  },
  { $id: 'EmailAuditUrlIssue' },
);

export const EmailAuditSpellingIssue = Type.Object(
  {
    group: Type.Optional(Nullable(Type.String())),
    suggestion: Type.Optional(Nullable(Type.String())),
    severity: Type.Optional(StringEnum(['Warning', 'Error'] as const)),
    message: Type.String(),
  },
  { $id: 'EmailAuditSpellingIssue' },
);

export const EmailAuditAccessibilityFinding = Type.Object(
  {
    ruleId: StringEnum(ACCESSIBILITY_RULES),
    severity: StringEnum(['Warning', 'Error'] as const),
    message: Type.String(),
    where: Type.String({ description: 'the element\'s start tag as written (at most 120 characters), or <html>/<head> for what the document lacks' }),
    line: Nullable(Type.Integer({ description: '1-based line of the element in the HTML; null for what is missing' })),
  },
  { $id: 'EmailAuditAccessibilityFinding', description: "Pigeonhole's own: one accessibility finding of the HTML (not in the client's models; each is also one of the insights)" },
);

const count = (description: string) => Type.Integer({ minimum: 0, description });

export const EmailAuditAnalysisResult = Type.Object(
  {
    status: StringEnum(['HEALTHY', 'WARNING', 'FAILED'] as const, {
      description: 'FAILED: a check failed with an error (broken link or image, HTML error, accessibility error, a FAIL verdict); WARNING: only lesser checks failed; HEALTHY: every check passed',
    }),
    healthScore: Type.Integer({ minimum: 0, maximum: 100, description: 'passing checks as a percentage of all checks made (100 when none could be made)' }),
    totalChecks: count('checks made: links, images, HTML validity, client support, each accessibility rule, each verdict given, attachment mention'),
    passingChecks: count('checks that passed'),
    failingChecks: count('checks that failed'),
    detectedLinks: count('distinct links found'),
    checkedLinks: count('links fetched (an answer or no answer; refused or skipped ones are not counted)'),
    detectedImages: count('distinct images found'),
    checkedImages: count('images fetched'),
    linkIssueCount: count('broken links'),
    imageIssueCount: count('broken images'),
    spellingIssueCount: count('always 0: this server has no spell checker'),
    brokenLinks: Type.Array(Type.Ref(EmailAuditUrlIssue)),
    brokenImages: Type.Array(Type.Ref(EmailAuditUrlIssue)),
    spellingIssues: Type.Array(Type.Ref(EmailAuditSpellingIssue), { description: 'always empty: this server has no spell checker' }),
    compatibilityWarningCount: count('features only partly supported by some email clients'),
    compatibilityNotSupportedCount: count('features some email clients do not support'),
    compatibilityUnknownCount: count('features with no data for some email clients'),
    featureSupport: Type.Optional(Nullable(Type.Ref(EmailFeatureSupportResult))),
    htmlErrorCount: count('HTML validation errors'),
    htmlWarningCount: count('HTML validation warnings'),
    htmlInfoCount: count('HTML validation infos'),
    htmlValidation: Type.Optional(Nullable(Type.Ref(HTMLValidationResult))),
    reputationFailureCount: count('verdicts given as FAIL'),
    attachmentMentionIssueCount: count('1 when the text mentions an attachment the message does not have'),
    externalCheckSkippedCount: count('links and images not fetched: refused by the private-address guard, or past the first 50'),
    insights: Type.Array(Type.String(), { description: 'one line per finding, each starting with its check in brackets' }),
    errorMessage: Type.Optional(Nullable(Type.String())),
    accessibilityFindings: Type.Array(Type.Ref(EmailAuditAccessibilityFinding), { description: "Pigeonhole's own: the accessibility findings of the HTML" }),
    accessibilityErrorCount: count("Pigeonhole's own: accessibility findings of severity Error"),
    accessibilityWarningCount: count("Pigeonhole's own: accessibility findings of severity Warning"),
  },
  { $id: 'EmailAuditAnalysisResult' },
);

export const EmailAuditDto = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    emailId: Type.Optional(Nullable(Uuid)),
    fromAddress: Type.Optional(Nullable(Type.String())),
    recipient: Type.Optional(Nullable(Type.String())),
    subject: Type.Optional(Nullable(Type.String())),
    analysis: Type.Ref(EmailAuditAnalysisResult),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'EmailAuditDto' },
);

export const EmailAuditComparisonDto = Type.Object(
  {
    baseline: Type.Ref(EmailAuditDto),
    current: Type.Ref(EmailAuditDto),
    healthScoreDelta: Type.Integer({ description: 'current minus baseline, as every delta here' }),
    statusChanged: Type.Boolean(),
    brokenLinkDelta: Type.Integer(),
    brokenImageDelta: Type.Integer(),
    spellingIssueDelta: Type.Integer(),
    htmlErrorDelta: Type.Integer(),
    htmlWarningDelta: Type.Integer(),
    compatibilityWarningDelta: Type.Integer(),
    compatibilityNotSupportedDelta: Type.Integer(),
    reputationFailureDelta: Type.Integer(),
    attachmentMentionIssueDelta: Type.Integer(),
    addedInsights: Type.Array(Type.String(), { description: 'findings of the current audit the baseline did not have' }),
    removedInsights: Type.Array(Type.String(), { description: 'findings of the baseline the current audit no longer has' }),
    unchangedInsights: Type.Array(Type.String(), { description: "Pigeonhole's own: findings both audits have" }),
    accessibilityFindingDelta: Type.Integer({ description: "Pigeonhole's own: change in the number of accessibility findings" }),
  },
  { $id: 'EmailAuditComparisonDto' },
);

export const AuditParams = Type.Object({ auditId: Uuid });
export const CompareParams = Type.Object({ auditId: Uuid, otherAuditId: Uuid });

export const AuditListQuery = Type.Object({
  emailId: Type.Optional(Uuid),
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50, description: 'most audits returned, newest first (1-1000, 50 when unset)' })),
});

export type AuditInput = Static<typeof CreateEmailAuditOptions>;
/** The result as the service builds it: the feature support as client-support.ts types it. */
export type AnalysisResult = Omit<Static<typeof EmailAuditAnalysisResult>, 'featureSupport'> & { featureSupport?: FeatureSupport | null };
export type AccessibilityFindingDto = Static<typeof EmailAuditAccessibilityFinding>;

export const emailAuditModelSchemas = [
  CheckEmailAuditOptions, CreateEmailAuditOptions, EmailAuditUrlIssue, EmailAuditSpellingIssue, EmailAuditAccessibilityFinding,
  EmailAuditAnalysisResult, EmailAuditDto, EmailAuditComparisonDto,
];
