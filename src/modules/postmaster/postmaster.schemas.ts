import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, StringEnum } from '../shared/schemas.js';

const Url = Type.String({ minLength: 1, maxLength: 2000 });
/** A calendar day, YYYY-MM-DD (the client sends Dates of format "date" so). */
export const DayString = Type.String({ format: 'date', description: 'a day, YYYY-MM-DD' });
/** A domain name as Google Postmaster Tools lists it. */
export const DomainName = Type.String({
  minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$',
  description: 'a domain name, e.g. example.com',
});

export const CreatePostmasterConnectionOptions = Type.Object(
  {
    redirectBase: Type.Optional(Nullable(Url)),
    redirectUri: Type.Optional(Nullable(Type.String({ maxLength: 2000, description: 'must be PIGEONHOLE_POSTMASTER_REDIRECT_URI (the default)' }))),
    emailAddress: Type.Optional(Nullable(Type.String({ maxLength: 320, description: 'the Google account to sign in with (login_hint)' }))),
    state: Type.Optional(Nullable(Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9._~-]*$', description: 'your own value, appended to the state this server makes' }))),
  },
  { $id: 'CreatePostmasterConnectionOptions' },
);

export const CreatePostmasterConnectionResult = Type.Object(
  { url: Type.String(), state: Type.String(), scope: Type.String(), redirectUri: Type.String() },
  { $id: 'CreatePostmasterConnectionResult' },
);

export const ExchangePostmasterCodeOptions = Type.Object(
  {
    authorizationCode: Type.String({ minLength: 1, maxLength: 4096 }),
    redirectUri: Type.String({ minLength: 1, maxLength: 2000 }),
    state: Type.String({ minLength: 1, maxLength: 400 }),
  },
  { $id: 'ExchangePostmasterCodeOptions' },
);

export const PostmasterConnectionDto = Type.Object(
  {
    id: Type.String(),
    userId: Type.String(),
    status: StringEnum(['CONNECTED', 'DISCONNECTED', 'ERROR']),
    connectedEmail: Nullable(Type.String()),
    scope: Nullable(Type.String()),
    expiresAt: DateTime,
    lastSyncedAt: Nullable(DateTime),
    lastError: Nullable(Type.String()),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'PostmasterConnectionDto', description: 'A Google Postmaster Tools connection; its tokens are never returned' },
);

export const PostmasterConnectionStatusDto = Type.Object(
  { connected: Type.Boolean(), connection: Nullable(Type.Ref(PostmasterConnectionDto)) },
  { $id: 'PostmasterConnectionStatusDto' },
);

export const PostmasterDomainDto = Type.Object(
  {
    name: Type.String(),
    domain: Type.String(),
    permission: Nullable(Type.String()),
    createTime: Nullable(DateTime),
    firstSeenAt: Nullable(DateTime),
    lastSyncedAt: Nullable(DateTime),
  },
  { $id: 'PostmasterDomainDto' },
);

export const PostmasterIpReputationDto = Type.Object(
  { reputation: Nullable(Type.String()), ipAddresses: Type.Array(Type.String()), sampleIp: Nullable(Type.String()) },
  { $id: 'PostmasterIpReputationDto' },
);

export const PostmasterTrafficStatsDto = Type.Object(
  {
    name: Nullable(Type.String()),
    domain: Type.String(),
    reportDate: Nullable(DayString),
    userReportedSpamRatio: Nullable(Type.Number()),
    domainReputation: Nullable(Type.String()),
    ipReputations: Type.Array(Type.Ref(PostmasterIpReputationDto)),
    spfSuccessRatio: Nullable(Type.Number()),
    dkimSuccessRatio: Nullable(Type.Number()),
    dmarcSuccessRatio: Nullable(Type.Number()),
    outboundEncryptionRatio: Nullable(Type.Number()),
    inboundEncryptionRatio: Nullable(Type.Number()),
    payload: Type.Object({}, { additionalProperties: true, description: "Google's TrafficStats resource as fetched" }),
  },
  { $id: 'PostmasterTrafficStatsDto' },
);

export const PostmasterTrafficStatsListDto = Type.Object(
  {
    domain: Type.String(),
    startDate: Nullable(DayString),
    endDate: Nullable(DayString),
    stats: Type.Array(Type.Ref(PostmasterTrafficStatsDto)),
  },
  { $id: 'PostmasterTrafficStatsListDto' },
);

export const postmasterModelSchemas = [
  CreatePostmasterConnectionOptions, CreatePostmasterConnectionResult, ExchangePostmasterCodeOptions, PostmasterConnectionDto,
  PostmasterConnectionStatusDto, PostmasterDomainDto, PostmasterIpReputationDto, PostmasterTrafficStatsDto, PostmasterTrafficStatsListDto,
];
