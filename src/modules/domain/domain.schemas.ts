import { Type, type TSchema } from '@sinclair/typebox';
import { DateTime, Nullable, StringEnum, Uuid } from '../shared/schemas.js';

const DomainType = StringEnum(['HTTP_INBOX', 'SMTP_DOMAIN'], { description: 'which inboxes may use the domain: HTTP_INBOX (send and receive) or SMTP_DOMAIN (receive only)' });
const InboxTypeQuery = StringEnum(['HTTP_INBOX', 'SMTP_INBOX'], { description: 'only domains usable by this inbox type' });

export const CreateDomainOptions = Type.Object(
  {
    domain: Type.String({ minLength: 1, maxLength: 253, description: 'the domain, e.g. mail.example.com' }),
    description: Type.Optional(Nullable(Type.String({ maxLength: 10_000 }))),
    createdCatchAllInbox: Type.Optional(Nullable(Type.Boolean({ description: 'also create a wildcard catch-all inbox for the domain' }))),
    domainType: Type.Optional(DomainType),
  },
  { $id: 'CreateDomainOptions' },
);

export const UpdateDomainOptions = Type.Object(
  { catchAllInboxId: Type.Optional(Nullable(Uuid)) },
  { $id: 'UpdateDomainOptions', description: 'catchAllInboxId: an inbox of yours to take the domain\'s unmatched mail; null removes the catch-all' },
);

export const DomainNameRecord = Type.Object(
  {
    label: StringEnum(['VERIFICATION', 'MX', 'SPF', 'DKIM', 'DMARC']),
    required: Type.Boolean({ description: 'required for verification (VERIFICATION and DKIM); the others are recommended' }),
    recordType: StringEnum(['TXT', 'MX', 'CNAME', 'A', 'AAAA']),
    name: Type.String({ description: 'the fully qualified record name' }),
    recordEntries: Type.Array(Type.String()),
    ttl: Type.Integer(),
    alternativeRecordEntries: Type.Optional(Nullable(Type.Array(Type.String()))),
  },
  { $id: 'DomainNameRecord' },
);

export const DomainDto = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    domain: Type.String(),
    verificationToken: Type.String(),
    dkimTokens: Type.Array(Type.String(), { description: 'the DKIM selectors of the domain' }),
    duplicateRecordsMessage: Nullable(Type.String()),
    hasDuplicateRecords: Type.Boolean(),
    missingRecordsMessage: Nullable(Type.String()),
    hasMissingRecords: Type.Boolean(),
    isVerified: Type.Boolean(),
    domainNameRecords: Type.Array(Type.Ref(DomainNameRecord)),
    catchAllInboxId: Nullable(Uuid),
    createdAt: DateTime,
    updatedAt: DateTime,
    domainType: DomainType,
  },
  { $id: 'DomainDto', description: 'A custom domain: the records to publish and what the last DNS check found' },
);

export const DomainPreview = Type.Object(
  {
    id: Uuid,
    domain: Type.String(),
    catchAllInboxId: Nullable(Uuid),
    createdAt: DateTime,
    domainType: DomainType,
    isVerified: Type.Boolean(),
    hasMissingRecords: Type.Boolean(),
  },
  { $id: 'DomainPreview' },
);

export const DomainIssuesDto = Type.Object({ hasIssues: Type.Boolean() }, { $id: 'DomainIssuesDto' });

export const DomainHealthEventDto = Type.Object(
  {
    id: Uuid,
    domainId: Nullable(Uuid),
    domainName: Nullable(Type.String()),
    eventType: StringEnum(['DKIM_SETUP_REVOKED', 'DKIM_RECORDS_MISSING', 'DKIM_VERIFICATION_FAILED', 'DMARC_RECORD_ISSUE', 'SPF_RECORD_ISSUE',
      'BIMI_RECORD_ISSUE', 'SENDING_DISABLED', 'SENDING_ENABLED', 'DOMAIN_AUTHENTICATION_ISSUE']),
    status: StringEnum(['OPEN', 'RESOLVED']),
    severity: StringEnum(['INFO', 'WARNING', 'CRITICAL']),
    title: Type.String(),
    message: Type.String(),
    recommendation: Nullable(Type.String()),
    eventTime: DateTime,
    createdAt: DateTime,
  },
  { $id: 'DomainHealthEventDto' },
);

const GroupLabel = StringEnum(['DEFAULT', 'DOMAIN_POOL', 'CUSTOM']);

export const DomainInformation = Type.Object(
  { domainName: Type.String(), verified: Type.Boolean(), domainType: DomainType },
  { $id: 'DomainInformation' },
);
export const DomainGroup = Type.Object({ label: GroupLabel, domains: Type.Array(Type.Ref(DomainInformation)) }, { $id: 'DomainGroup' });
export const DomainGroupsDto = Type.Object({ domainGroups: Type.Array(Type.Ref(DomainGroup)) }, { $id: 'DomainGroupsDto' });

export const DomainRegionInformation = Type.Object(
  {
    domainName: Type.String(),
    verified: Type.Boolean(),
    domainType: DomainType,
    creationEnabled: Type.Boolean({ description: 'inboxes may be created on it' }),
    sendingEnabled: Type.Boolean({ description: 'its inboxes may send' }),
    active: Type.Boolean(),
  },
  { $id: 'DomainRegionInformation', description: 'A domain of this server. accountRegion is left out: a self-hosted server is one region of its own, none of the hosted service\'s' },
);
export const DomainRegionGroup = Type.Object({ label: GroupLabel, domains: Type.Array(Type.Ref(DomainRegionInformation)) }, { $id: 'DomainRegionGroup' });
export const DomainRegionGroupsDto = Type.Object({ domainGroups: Type.Array(Type.Ref(DomainRegionGroup)) }, { $id: 'DomainRegionGroupsDto' });

export const DomainIdParams = Type.Object({ id: Uuid });
export const InboxTypeFilter = Type.Object({ inboxType: Type.Optional(InboxTypeQuery) });

export const domainModelSchemas: TSchema[] = [
  CreateDomainOptions, UpdateDomainOptions, DomainNameRecord, DomainDto, DomainPreview, DomainIssuesDto, DomainHealthEventDto,
  DomainInformation, DomainGroup, DomainGroupsDto, DomainRegionInformation, DomainRegionGroup, DomainRegionGroupsDto,
];
