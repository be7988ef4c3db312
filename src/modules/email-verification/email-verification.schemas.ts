import { Type, type TSchema } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, PageQuery, SEARCH_MAX_LENGTH, StringEnum, Uuid } from '../shared/schemas.js';
import { CheckEmailBlacklistResults } from '../dns-tools/dns-tools.schemas.js';

/** Most addresses one validateEmailAddressList call checks (each may take an SMTP dialogue). */
export const MAX_ADDRESSES_PER_CALL = 100;
/** Most targets one getEmailIntelligence call takes (one page of them is evaluated). */
export const MAX_INTELLIGENCE_TARGETS = 1000;

const Address = Type.String({ minLength: 1, maxLength: 320, description: 'an email address (at most 320 characters: 64 + @ + 255)' });
const Port = Type.Integer({ minimum: 1, maximum: 65535 });

// MailServerController verifyEmailAddress

export const VerifyEmailAddressOptions = Type.Object(
  {
    mailServerDomain: Type.Optional(Nullable(Type.String({ maxLength: 255, description: 'ask this domain\'s mail hosts (MX, else its address) instead of the address\'s own' }))),
    emailAddress: Address,
    senderEmailAddress: Type.Optional(Nullable(Type.String({ maxLength: 320, description: 'the MAIL FROM of the dialogue; PIGEONHOLE_SMTP_VERIFY_FROM when absent' }))),
    port: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 65535, description: 'PIGEONHOLE_SMTP_VERIFY_PORT when absent' }))),
  },
  { $id: 'VerifyEmailAddressOptions' },
);

export const EmailVerificationResult = Type.Object(
  {
    domainName: Type.String({ description: 'the domain whose mail hosts were asked' }),
    port: Type.Integer(),
    emailAddress: Type.String(),
    isValid: Type.Boolean({ description: 'true only when a mail host accepted RCPT TO with a 2xx reply' }),
    error: Type.Optional(Nullable(Type.String({ description: 'why the address is not valid: its syntax, DNS, the reply refusing it, or why no host could be asked' }))),
  },
  { $id: 'EmailVerificationResult' },
);

// ToolsController testSmtpServer

export const TestSmtpServerOptions = Type.Object(
  {
    host: Type.String({ minLength: 1, maxLength: 255, description: 'SMTP host name or IP address' }),
    port: Port,
    useStartTls: Type.Boolean(),
    username: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    password: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    from: Type.Optional(Nullable(Type.String({ maxLength: 320 }))),
    to: Type.Optional(Nullable(Type.String({ maxLength: 320 }))),
    captchaToken: Type.Optional(Nullable(Type.String({ maxLength: 4000, description: 'not used: this server asks for no captcha' }))),
  },
  { $id: 'TestSmtpServerOptions' },
);

const SmtpTlsDiagnosticResult = Type.Object(
  { supported: Type.Boolean(), negotiated: Type.Boolean(), protocol: Type.Optional(Nullable(Type.String())), cipher: Type.Optional(Nullable(Type.String())) },
  { $id: 'SmtpTlsDiagnosticResult' },
);
const SmtpAuthDiagnosticResult = Type.Object(
  { attempted: Type.Boolean(), success: Type.Boolean(), mechanism: Type.Optional(Nullable(Type.String())) },
  { $id: 'SmtpAuthDiagnosticResult' },
);
const SmtpDiagnosticStep = Type.Object(
  { step: Type.String(), code: Type.Optional(Nullable(Type.String())), message: Type.String() },
  { $id: 'SmtpDiagnosticStep' },
);

export const TestSmtpServerResults = Type.Object(
  {
    connected: Type.Boolean(),
    banner: Type.Optional(Nullable(Type.String())),
    tls: Type.Ref(SmtpTlsDiagnosticResult),
    auth: Type.Ref(SmtpAuthDiagnosticResult),
    transcript: Type.Array(Type.Ref(SmtpDiagnosticStep)),
    warnings: Type.Array(Type.String()),
    errors: Type.Array(Type.String()),
  },
  { $id: 'TestSmtpServerResults' },
);

// EmailVerificationController

export const ValidateEmailAddressListOptions = Type.Object(
  {
    emailAddressList: Type.Array(Address, { minItems: 1, maxItems: MAX_ADDRESSES_PER_CALL }),
    ignoreOldResults: Type.Optional(Nullable(Type.Boolean({ description: 'check every address again instead of reusing its result of the last 24 hours' }))),
  },
  { $id: 'ValidateEmailAddressListOptions' },
);

export const ValidateEmailAddressListResult = Type.Object(
  {
    validEmailAddresses: Type.Array(Type.String()),
    invalidEmailAddresses: Type.Array(Type.String()),
    resultMapEmailAddressIsValid: Type.Record(Type.String(), Type.Boolean()),
  },
  { $id: 'ValidateEmailAddressListResult' },
);

export const EmailValidationRequestDto = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    emailAddress: Type.String(),
    isValid: Type.Boolean(),
    createdAt: DateTime,
    updatedAt: DateTime,
    verdict: Type.Optional(StringEnum(['DELIVERABLE', 'UNDELIVERABLE', 'UNKNOWN'], { description: 'this server\'s addition: what the checks concluded' })),
    checkedBy: Type.Optional(StringEnum(['SYNTAX', 'DNS', 'SMTP'], { description: 'this server\'s addition: the last check the address reached' })),
    reason: Type.Optional(Nullable(Type.String({ description: 'this server\'s addition: why it is not valid' }))),
  },
  { $id: 'EmailValidationRequestDto' },
);
export const PageEmailValidationRequest = PageOf(Type.Ref(EmailValidationRequestDto), 'PageEmailValidationRequest');

export const ValidationRequestsQuery = Type.Object({
  ...PageQuery,
  searchFilter: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH, description: 'case-insensitive partial match on the address' })),
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
  isValid: Type.Optional(Type.Boolean()),
});

export const EmailIntelligenceTestsOptions = Type.Object(
  {
    checkRandomLocalPart: Type.Optional(Nullable(Type.Boolean())),
    checkFreeProvider: Type.Optional(Nullable(Type.Boolean())),
    checkHttpsWebsite: Type.Optional(Nullable(Type.Boolean())),
    checkDns: Type.Optional(Nullable(Type.Boolean())),
    checkDomainAgeHint: Type.Optional(Nullable(Type.Boolean())),
  },
  { $id: 'EmailIntelligenceTestsOptions' },
);

export const EmailIntelligenceOptions = Type.Object(
  {
    targets: Type.Array(Type.String({ minLength: 1, maxLength: 320 }), { minItems: 1, maxItems: MAX_INTELLIGENCE_TARGETS }),
    page: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: MAX_INTELLIGENCE_TARGETS }))),
    size: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 100 }))),
    ignoreCache: Type.Optional(Nullable(Type.Boolean({ description: 'nothing is cached: every call evaluates' }))),
    includeEmailValidation: Type.Optional(Nullable(Type.Boolean())),
    // a union rather than Nullable: ajv takes `nullable` only beside a `type`, which a $ref has not
    tests: Type.Optional(Type.Union([Type.Ref(EmailIntelligenceTestsOptions), Type.Null()])),
  },
  { $id: 'EmailIntelligenceOptions' },
);

const Penalty = Type.Integer({ minimum: 0, maximum: 100 });
export const EmailIntelligenceScoreBreakdownDto = Type.Object(
  {
    randomnessPenalty: Penalty,
    freeProviderPenalty: Penalty,
    httpsWebsitePenalty: Penalty,
    dnsPenalty: Penalty,
    domainAgePenalty: Penalty,
    emailValidationPenalty: Penalty,
    disposablePenalty: Type.Optional(Penalty),
    roleAccountPenalty: Type.Optional(Penalty),
    totalPenalty: Penalty,
  },
  { $id: 'EmailIntelligenceScoreBreakdownDto' },
);

const NullableBoolean = Type.Optional(Nullable(Type.Boolean()));
export const EmailIntelligenceSignalsDto = Type.Object(
  {
    normalizedTarget: Type.String(),
    emailAddress: Type.Optional(Nullable(Type.String())),
    domain: Type.String(),
    localPart: Type.Optional(Nullable(Type.String())),
    randomLocalPart: NullableBoolean,
    localPartEntropy: Type.Optional(Nullable(Type.Number())),
    freeEmailProvider: NullableBoolean,
    hasHttpsWebsite: NullableBoolean,
    dnsARecordPresent: NullableBoolean,
    dnsMxRecordPresent: NullableBoolean,
    soaRecordPresent: NullableBoolean,
    domainAgeHintDays: Type.Optional(Nullable(Type.Integer())),
    neverBounceSafeToSend: NullableBoolean,
    validSyntax: NullableBoolean,
    disposableDomain: NullableBoolean,
    roleAccount: NullableBoolean,
    notes: Type.Array(Type.String()),
  },
  { $id: 'EmailIntelligenceSignalsDto' },
);

export const EmailIntelligenceResultDto = Type.Object(
  {
    input: Type.String(),
    totalScore: Type.Integer({ minimum: 0, maximum: 100 }),
    scoreBreakdown: Type.Ref(EmailIntelligenceScoreBreakdownDto),
    signals: Type.Ref(EmailIntelligenceSignalsDto),
  },
  { $id: 'EmailIntelligenceResultDto' },
);

export const EmailIntelligenceListResult = Type.Object(
  {
    content: Type.Array(Type.Ref(EmailIntelligenceResultDto)),
    page: Type.Integer(),
    size: Type.Integer(),
    totalElements: Type.Integer(),
    totalPages: Type.Integer(),
    billableCount: Type.Integer({ description: 'always 0: this server bills nothing' }),
  },
  { $id: 'EmailIntelligenceListResult' },
);

export const EmailDomainReputationOptions = Type.Object(
  {
    target: Type.String({ minLength: 1, maxLength: 320, description: 'Email address, domain, IP address, or MX host to inspect.' }),
    ipAddress: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
    mxHost: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
    includeBlacklist: Type.Optional(Nullable(Type.Boolean({ description: 'false = DNS facts only, no DNSBL questions' }))),
  },
  { $id: 'EmailDomainReputationOptions' },
);

export const EmailDomainReputationResult = Type.Object(
  {
    input: Type.String(),
    normalizedTarget: Type.String(),
    emailAddress: Type.Optional(Nullable(Type.String())),
    domain: Type.Optional(Nullable(Type.String())),
    ipAddress: Type.Optional(Nullable(Type.String())),
    mxHost: Type.Optional(Nullable(Type.String())),
    status: StringEnum(['HEALTHY', 'DEGRADED', 'CRITICAL', 'FAILED']),
    listed: Type.Boolean(),
    blacklist: Type.Optional(Nullable(Type.Ref(CheckEmailBlacklistResults))),
    insights: Type.Array(Type.String()),
    warnings: Type.Array(Type.String()),
    errors: Type.Array(Type.String()),
  },
  { $id: 'EmailDomainReputationResult' },
);

export const emailVerificationModelSchemas: TSchema[] = [
  VerifyEmailAddressOptions, EmailVerificationResult,
  TestSmtpServerOptions, SmtpTlsDiagnosticResult, SmtpAuthDiagnosticResult, SmtpDiagnosticStep, TestSmtpServerResults,
  ValidateEmailAddressListOptions, ValidateEmailAddressListResult, EmailValidationRequestDto, PageEmailValidationRequest,
  EmailIntelligenceTestsOptions, EmailIntelligenceOptions, EmailIntelligenceScoreBreakdownDto, EmailIntelligenceSignalsDto,
  EmailIntelligenceResultDto, EmailIntelligenceListResult, EmailDomainReputationOptions, EmailDomainReputationResult,
];
