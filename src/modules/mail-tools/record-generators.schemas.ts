import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../shared/schemas.js';

/*
 * The official client's Generate*Record models. Requests take what the client sends; the
 * generator (record-generators.ts) checks each value and names the field it refuses.
 */
const DomainText = (description: string) => Type.String({ maxLength: 255, description });
const TextList = (description: string) => Nullable(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 100, description }));
const Ttl = Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'TTL of the record in seconds' });
const UrlText = (description: string) => Type.String({ maxLength: 2048, description });
/** Every generator publishes a TXT record; the client's enum lists every DNS type. */
const RecordType = StringEnum(['TXT'], { description: 'DNS record type (always TXT)' });

const recordFields = {
  name: Type.String({ description: 'the host name to publish the record at' }),
  type: RecordType,
  ttl: Type.Integer({ description: 'suggested TTL in seconds' }),
  value: Type.String({ description: 'the TXT record text' }),
};

export const GenerateSpfRecordOptions = Type.Object(
  {
    domain: DomainText('Domain the SPF record applies to'),
    includeDomains: Type.Optional(TextList('Optional include domains')),
    ip4: Type.Optional(TextList('Optional IPv4 addresses or CIDR ranges')),
    ip6: Type.Optional(TextList('Optional IPv6 addresses or CIDR ranges')),
    mx: Type.Boolean({ description: 'Whether to include the MX mechanism' }),
    a: Type.Boolean({ description: 'Whether to include the A mechanism' }),
    allPolicy: StringEnum(['FAIL', 'SOFTFAIL', 'NEUTRAL'], { description: '-all, ~all or ?all' }),
  },
  { $id: 'GenerateSpfRecordOptions' },
);
export const GenerateSpfRecordResults = Type.Object(
  {
    ...recordFields,
    estimatedLookupCount: Type.Integer({ description: 'DNS lookups of a, mx and include terms (what included records add is not resolved)' }),
    warnings: Type.Array(Type.String()),
  },
  { $id: 'GenerateSpfRecordResults' },
);

const Policy = StringEnum(['NONE', 'QUARANTINE', 'REJECT']);
const Alignment = StringEnum(['STRICT', 'RELAXED']);
export const GenerateDmarcRecordOptions = Type.Object(
  {
    domain: DomainText('the From domain the policy covers'),
    version: StringEnum(['DMARC1']),
    policy: Policy,
    subdomainPolicy: Type.Optional(Policy),
    reportEmailAddress: Type.Optional(TextList('aggregate report addresses (rua)')),
    forensicEmailAddress: Type.Optional(TextList('failure report addresses (ruf)')),
    percentage: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100, description: 'pct: 0 to 100' }))),
    reportFormat: Type.Optional(StringEnum(['AFRF'])),
    secondsBetweenReports: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 4_294_967_295, description: 'ri: seconds between aggregate reports' }))),
    adkim: Type.Optional(Alignment),
    aspf: Type.Optional(Alignment),
    fo: Type.Optional(StringEnum(['FO_0', 'FO_1', 'FO_D', 'FO_S'])),
  },
  { $id: 'GenerateDmarcRecordOptions' },
);
export const GenerateDmarcRecordResults = Type.Object(recordFields, { $id: 'GenerateDmarcRecordResults' });

export const GenerateMtaStsRecordOptions = Type.Object(
  {
    host: DomainText('the mail domain the policy covers'),
    version: StringEnum(['STSv1']),
    mode: StringEnum(['TESTING', 'ENFORCE', 'NONE']),
    ttl: Ttl,
    maxAgeSeconds: Type.Integer({ minimum: 0, maximum: 31_557_600, description: 'max_age of the policy: 0 to 31557600' }),
    mxRecords: Type.Array(Type.String({ maxLength: 255 }), { maxItems: 100, description: 'mx host names or *.domain patterns' }),
  },
  { $id: 'GenerateMtaStsRecordOptions' },
);
export const GenerateMtaStsRecordResults = Type.Object(
  {
    ...recordFields,
    wellKnownValue: Type.String({ description: 'the policy file text (CRLF line ends, RFC 8461 §3.2)' }),
    wellKnownUrl: Type.String({ description: 'where to serve the policy file' }),
  },
  { $id: 'GenerateMtaStsRecordResults' },
);

export const GenerateTlsReportingRecordOptions = Type.Object(
  {
    reportingAddresses: Type.Array(Type.String({ maxLength: 255 }), { maxItems: 100, description: 'addresses the reports are mailed to' }),
    reportingUrl: Type.Optional(Nullable(UrlText('an https endpoint the reports are posted to'))),
    host: DomainText('the mail domain'),
    version: StringEnum(['TLSRPTv1']),
    ttl: Ttl,
  },
  { $id: 'GenerateTlsReportingRecordOptions' },
);
export const GenerateTlsReportingRecordResults = Type.Object(recordFields, { $id: 'GenerateTlsReportingRecordResults' });

export const GenerateBimiRecordOptions = Type.Object(
  {
    domain: DomainText('the From domain'),
    version: StringEnum(['BIMI1']),
    logoUrl: UrlText('https URL of the SVG logo'),
    vmcUrl: Type.Optional(Nullable(UrlText('https URL of the verified mark certificate (PEM)'))),
  },
  { $id: 'GenerateBimiRecordOptions' },
);
export const GenerateBimiRecordResults = Type.Object(recordFields, { $id: 'GenerateBimiRecordResults' });

export const recordGeneratorModelSchemas = [
  GenerateSpfRecordOptions, GenerateSpfRecordResults, GenerateDmarcRecordOptions, GenerateDmarcRecordResults,
  GenerateMtaStsRecordOptions, GenerateMtaStsRecordResults, GenerateTlsReportingRecordOptions, GenerateTlsReportingRecordResults,
  GenerateBimiRecordOptions, GenerateBimiRecordResults,
];
