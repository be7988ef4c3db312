import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../shared/schemas.js';
import { DNSLookupOptions, DNSLookupResult, MONITOR_STATUSES } from '../domain-monitor/domain-monitor.schemas.js';

/** The record types the official client's enums list (DNSLookupOptions, CheckDnsPropagationOptions). */
export const CLIENT_RECORD_TYPES = [
  'A', 'NS', 'MD', 'MF', 'CNAME', 'SOA', 'MB', 'MG', 'MR', 'NULL', 'WKS', 'PTR', 'HINFO', 'MINFO', 'MX', 'TXT', 'RP', 'AFSDB', 'X25', 'ISDN',
  'RT', 'NSAP', 'NSAP_PTR', 'SIG', 'KEY', 'PX', 'GPOS', 'AAAA', 'LOC', 'NXT', 'EID', 'NIMLOC', 'SRV', 'ATMA', 'NAPTR', 'KX', 'CERT', 'A6',
  'DNAME', 'SINK', 'OPT', 'APL', 'DS', 'SSHFP', 'IPSECKEY', 'RRSIG', 'NSEC', 'DNSKEY', 'DHCID', 'NSEC3', 'NSEC3PARAM', 'TLSA', 'SMIMEA', 'HIP',
  'NINFO', 'RKEY', 'TALINK', 'CDS', 'CDNSKEY', 'OPENPGPKEY', 'CSYNC', 'ZONEMD', 'SVCB', 'HTTPS', 'SPF', 'UINFO', 'UID', 'GID', 'UNSPEC', 'NID',
  'L32', 'L64', 'LP', 'EUI48', 'EUI64', 'TKEY', 'TSIG', 'IXFR', 'AXFR', 'MAILB', 'MAILA', 'ANY', 'URI', 'CAA', 'AVC', 'DOA', 'AMTRELAY', 'TA', 'DLV',
] as const;

/** Most lookups one getDnsLookups call makes, and most record types one lookup asks. */
export const MAX_LOOKUPS = 20;
export const MAX_RECORD_TYPES = 20;

const Host = (description: string) => Type.String({ maxLength: 255, description });
const CaptchaToken = Type.Optional(Nullable(Type.String({ maxLength: 4096, description: 'ignored: this server asks for an API key instead' })));

export const DNSLookupsOptions = Type.Object(
  { lookups: Type.Array(Type.Ref(DNSLookupOptions), { maxItems: MAX_LOOKUPS }) },
  { $id: 'DNSLookupsOptions' },
);
export const DNSLookupResults = Type.Object({ results: Type.Array(Type.Ref(DNSLookupResult)) }, { $id: 'DNSLookupResults' });

export const DescribeDomainOptions = Type.Object({ domain: Host('the domain whose MX hosts are described') }, { $id: 'DescribeDomainOptions' });
export const NameServerRecord = Type.Object(
  { raw: Type.String(), recordType: Type.String(), priority: Type.String(), value: Type.String() },
  { $id: 'NameServerRecord' },
);
export const DescribeMailServerDomainResult = Type.Object(
  {
    mxRecords: Type.Array(Type.Ref(NameServerRecord)),
    domain: Type.String(),
    message: Type.Optional(Nullable(Type.String({ description: 'what each MX host answered when connected to (its SMTP greeting), or why it was not reached' }))),
  },
  { $id: 'DescribeMailServerDomainResult' },
);
export const IPAddressResult = Type.Object({ address: Type.String(), hostname: Type.String() }, { $id: 'IPAddressResult' });
export const IpAddressQuery = Type.Object({ name: Host('the host name to resolve') });

export const LookupMxRecordsOptions = Type.Object({ host: Host('the domain whose MX records are looked up') }, { $id: 'LookupMxRecordsOptions' });
export const LookupPtrOptions = Type.Object(
  { ip: Type.String({ maxLength: 64, description: 'an IPv4 or IPv6 address' }), captchaToken: CaptchaToken },
  { $id: 'LookupPtrOptions' },
);
export const LookupPtrResults = Type.Object(
  {
    ip: Type.String(), ptrHostnames: Type.Array(Type.String()), forwardConfirmed: Type.Boolean(),
    forwardARecords: Type.Array(Type.String()), forwardAaaaRecords: Type.Array(Type.String()),
    warnings: Type.Array(Type.String()), errors: Type.Array(Type.String()),
  },
  { $id: 'LookupPtrResults' },
);

const hostOptions = (id: string, description: string) => Type.Object({ host: Host(description) }, { $id: id });
export const LookupSpfDomainOptions = hostOptions('LookupSpfDomainOptions', 'the domain whose SPF record (TXT v=spf1) is read');
export const LookupDkimDomainOptions = Type.Object(
  {
    host: Host('the domain, or a full <selector>._domainkey.<domain> name'),
    selector: Type.Optional(Nullable(Type.String({ maxLength: 63, description: 'the DKIM selector; unset = common provider selectors are tried' }))),
  },
  { $id: 'LookupDkimDomainOptions' },
);
export const LookupDmarcDomainOptions = hostOptions('LookupDmarcDomainOptions', 'the domain whose DMARC record (_dmarc.<domain>) is read');
export const LookupMtaStsDomainOptions = hostOptions('LookupMtaStsDomainOptions', 'the domain whose MTA-STS record and policy are read');
export const LookupTlsReportingDomainOptions = hostOptions('LookupTlsReportingDomainOptions', 'the domain whose TLS-RPT record (_smtp._tls.<domain>) is read');
export const LookupBimiDomainOptions = hostOptions('LookupBimiDomainOptions', 'the domain (default._bimi.<domain> is read), or a full <selector>._bimi.<domain> name');

export const CheckEmailAuthStackOptions = Type.Object(
  {
    domain: Host('the domain whose SPF, DKIM, DMARC, MX, MTA-STS, TLS-RPT and BIMI are checked'),
    dkimSelector: Type.Optional(Nullable(Type.String({ maxLength: 63, description: 'the DKIM selector; unset = common provider selectors are tried' }))),
    captchaToken: CaptchaToken,
  },
  { $id: 'CheckEmailAuthStackOptions' },
);

export const CheckDnsPropagationOptions = Type.Object(
  {
    host: Host('the name asked of every resolver'),
    recordType: StringEnum(CLIENT_RECORD_TYPES),
    expectedValue: Type.Optional(Nullable(Type.String({ maxLength: 4096, description: 'a value each resolver should answer (compared without case and trailing dots)' }))),
    captchaToken: CaptchaToken,
  },
  { $id: 'CheckDnsPropagationOptions' },
);
export const DnsPropagationResolverResult = Type.Object(
  { resolver: Type.String(), records: Type.Array(Type.String()), responded: Type.Boolean(), matchedExpectedValue: Type.Optional(Nullable(Type.Boolean())) },
  { $id: 'DnsPropagationResolverResult' },
);
export const CheckDnsPropagationResults = Type.Object(
  {
    host: Type.String(), recordType: StringEnum(CLIENT_RECORD_TYPES), expectedValue: Type.Optional(Nullable(Type.String())),
    propagatedToAllResolvers: Type.Boolean(), respondingResolverCount: Type.Integer(), matchingResolverCount: Type.Integer(),
    resolverResults: Type.Array(Type.Ref(DnsPropagationResolverResult)),
    warnings: Type.Array(Type.String()), errors: Type.Array(Type.String()),
  },
  { $id: 'CheckDnsPropagationResults' },
);

export const CheckEmailBlacklistOptions = Type.Object(
  {
    domain: Type.Optional(Nullable(Host('a domain: its MX hosts\' and its own addresses are checked, and the name itself on the domain blocklists'))),
    ipAddress: Type.Optional(Nullable(Type.String({ maxLength: 64, description: 'an IPv4 or IPv6 address to check' }))),
    mxHost: Type.Optional(Nullable(Host('a mail host whose addresses are checked'))),
    captchaToken: CaptchaToken,
  },
  { $id: 'CheckEmailBlacklistOptions' },
);
export const EmailBlacklistListingResult = Type.Object(
  { zone: Type.String(), listed: Type.Boolean(), responseCodes: Type.Array(Type.String()), responseMessages: Type.Array(Type.String()) },
  { $id: 'EmailBlacklistListingResult' },
);
export const EmailBlacklistIpResult = Type.Object(
  { ipAddress: Type.String(), source: Type.String(), listings: Type.Array(Type.Ref(EmailBlacklistListingResult)) },
  { $id: 'EmailBlacklistIpResult' },
);
export const CheckEmailBlacklistResults = Type.Object(
  {
    domain: Type.Optional(Nullable(Type.String())), requestedIpAddress: Type.Optional(Nullable(Type.String())), requestedMxHost: Type.Optional(Nullable(Type.String())),
    status: StringEnum(MONITOR_STATUSES), listed: Type.Boolean(),
    checkedIpAddresses: Type.Array(Type.Ref(EmailBlacklistIpResult)), checkedZoneCount: Type.Integer(), totalListings: Type.Integer(),
    warnings: Type.Array(Type.String()), errors: Type.Array(Type.String()),
  },
  { $id: 'CheckEmailBlacklistResults' },
);

export const CheckDomainMonitorOptions = Type.Object(
  { domain: Host('the domain checked once, as a domain monitor run would'), captchaToken: CaptchaToken },
  { $id: 'CheckDomainMonitorOptions' },
);
export const CheckDomainMonitorResults = Type.Object(
  {
    domain: Type.String(), status: StringEnum(MONITOR_STATUSES), healthScore: Type.Integer(),
    totalChecks: Type.Integer(), passingChecks: Type.Integer(), failingChecks: Type.Integer(),
    spfOk: Type.Boolean(), dmarcOk: Type.Boolean(), dmarcEnforced: Type.Boolean(), mxOk: Type.Boolean(), dkimOk: Type.Boolean(),
    bimiOk: Type.Boolean(), mtaStsOk: Type.Boolean(), tlsReportingOk: Type.Boolean(),
    blacklistChecked: Type.Boolean(), blacklistOk: Type.Boolean(), blacklistListed: Type.Boolean(),
    insights: Type.Array(Type.String()),
    errorMessage: Type.Optional(Nullable(Type.String())),
  },
  { $id: 'CheckDomainMonitorResults' },
);

export const dnsToolsModelSchemas = [
  DNSLookupsOptions, DNSLookupResults, DescribeDomainOptions, NameServerRecord, DescribeMailServerDomainResult, IPAddressResult,
  LookupMxRecordsOptions, LookupPtrOptions, LookupPtrResults, LookupSpfDomainOptions, LookupDkimDomainOptions, LookupDmarcDomainOptions,
  LookupMtaStsDomainOptions, LookupTlsReportingDomainOptions, LookupBimiDomainOptions, CheckEmailAuthStackOptions,
  CheckDnsPropagationOptions, DnsPropagationResolverResult, CheckDnsPropagationResults,
  CheckEmailBlacklistOptions, EmailBlacklistListingResult, EmailBlacklistIpResult, CheckEmailBlacklistResults,
  CheckDomainMonitorOptions, CheckDomainMonitorResults,
];
