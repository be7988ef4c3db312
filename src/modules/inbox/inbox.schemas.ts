import { Type, type Static } from '@sinclair/typebox';
import { DateTime, INT32_MAX, LONGEST_MS, Nullable, PageOf, PageQuery, SEARCH_MAX_LENGTH, SortDirection, StringEnum, Uuid } from '../shared/schemas.js';

/**
 * Wire models with the official client's names and fields. Output inboxType follows the
 * spec (HTTP/SMTP); input accepts the client's HTTP_INBOX/SMTP_INBOX as well.
 */
const InboxTypeOut = StringEnum(['HTTP', 'SMTP']);
const InboxTypeIn = StringEnum(['HTTP', 'SMTP', 'HTTP_INBOX', 'SMTP_INBOX']);
const InboxFunction = StringEnum(['ALIAS', 'THREAD', 'CATCH_ALL', 'CONNECTOR', 'ACCOUNT', 'GUEST', 'OAUTH_CONNECTION_GMAIL']);

export const InboxDto = Type.Object(
  {
    id: Uuid,
    userId: Nullable(Uuid),
    createdAt: DateTime,
    name: Nullable(Type.String()),
    domainId: Nullable(Type.String()),
    description: Nullable(Type.String()),
    emailAddress: Type.String(),
    expiresAt: Nullable(DateTime),
    favourite: Type.Boolean(),
    tags: Type.Array(Type.String()),
    inboxType: InboxTypeOut,
    readOnly: Type.Boolean(),
    virtualInbox: Type.Boolean(),
    functionsAs: Nullable(Type.String()),
    localPart: Type.String(),
    domain: Type.String(),
  },
  { $id: 'InboxDto', description: 'An inbox: an id and a real email address that receives mail' },
);
export type InboxDto = Static<typeof InboxDto>;

const projectionFields = {
  id: Uuid,
  domainId: Nullable(Type.String()),
  emailAddress: Type.String(),
  createdAt: DateTime,
  favourite: Type.Boolean(),
  name: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  teamAccess: Type.Boolean(),
  inboxType: InboxTypeOut,
  virtualInbox: Type.Boolean(),
  expiresAt: Nullable(DateTime),
  functionsAs: Nullable(Type.String()),
  userId: Uuid,
  description: Nullable(Type.String()),
};

export const InboxPreview = Type.Object(projectionFields, { $id: 'InboxPreview' });
export type InboxPreview = Static<typeof InboxPreview>;
export const OrganizationInboxProjection = Type.Object(
  { ...projectionFields, readOnly: Type.Boolean() },
  { $id: 'OrganizationInboxProjection' },
);

export const PageInboxProjection = PageOf(Type.Ref(InboxPreview), 'PageInboxProjection');
export const PageOrganizationInboxProjection = PageOf(Type.Ref(OrganizationInboxProjection), 'PageOrganizationInboxProjection');
export const PageInboxTags = PageOf(Type.String(), 'PageInboxTags');

export const CreateInboxDto = Type.Object(
  {
    emailAddress: Type.Optional(Nullable(Type.String())),
    domainName: Type.Optional(Nullable(Type.String())),
    domainId: Type.Optional(Nullable(Uuid)),
    name: Type.Optional(Nullable(Type.String())),
    description: Type.Optional(Nullable(Type.String())),
    useDomainPool: Type.Optional(Nullable(Type.Boolean())),
    tags: Type.Optional(Nullable(Type.Array(Type.String()))),
    expiresAt: Type.Optional(Nullable(DateTime)),
    favourite: Type.Optional(Nullable(Type.Boolean())),
    expiresIn: Type.Optional(Nullable(Type.Integer({ minimum: LONGEST_MS * -1, maximum: LONGEST_MS }))),
    allowTeamAccess: Type.Optional(Nullable(Type.Boolean())),
    inboxType: Type.Optional(Nullable(InboxTypeIn)),
    virtualInbox: Type.Optional(Nullable(Type.Boolean())),
    useShortAddress: Type.Optional(Nullable(Type.Boolean())),
    prefix: Type.Optional(Nullable(Type.String())),
  },
  { $id: 'CreateInboxDto' },
);

/** createInbox takes the same options as query parameters. */
export const CreateInboxQuery = Type.Object({
  emailAddress: Type.Optional(Type.String()),
  tags: Type.Optional(Type.Array(Type.String())),
  name: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  useDomainPool: Type.Optional(Type.Boolean()),
  favourite: Type.Optional(Type.Boolean()),
  expiresAt: Type.Optional(DateTime),
  expiresIn: Type.Optional(Type.Integer({ minimum: LONGEST_MS * -1, maximum: LONGEST_MS })),
  allowTeamAccess: Type.Optional(Type.Boolean()),
  inboxType: Type.Optional(InboxTypeIn),
  virtualInbox: Type.Optional(Type.Boolean()),
  useShortAddress: Type.Optional(Type.Boolean()),
  domainId: Type.Optional(Uuid),
  domainName: Type.Optional(Type.String()),
  prefix: Type.Optional(Type.String()),
});

export const UpdateInboxOptions = Type.Object(
  {
    name: Type.Optional(Nullable(Type.String())),
    description: Type.Optional(Nullable(Type.String())),
    tags: Type.Optional(Nullable(Type.Array(Type.String()))),
    expiresAt: Type.Optional(Nullable(DateTime)),
    favourite: Type.Optional(Nullable(Type.Boolean())),
  },
  { $id: 'UpdateInboxOptions' },
);

export const SetInboxFavouritedOptions = Type.Object(
  { state: Type.Boolean() },
  { $id: 'SetInboxFavouritedOptions' },
);

export const SearchInboxesOptions = Type.Object(
  {
    pageIndex: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: INT32_MAX }))),
    pageSize: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: INT32_MAX }))),
    sortDirection: Type.Optional(Nullable(SortDirection)),
    favourite: Type.Optional(Nullable(Type.Boolean())),
    search: Type.Optional(Nullable(Type.String({ maxLength: SEARCH_MAX_LENGTH }))),
    tag: Type.Optional(Nullable(Type.String())),
    since: Type.Optional(Nullable(DateTime)),
    before: Type.Optional(Nullable(DateTime)),
    inboxType: Type.Optional(Nullable(InboxTypeIn)),
    inboxFunction: Type.Optional(Nullable(InboxFunction)),
    domainId: Type.Optional(Nullable(Uuid)),
  },
  { $id: 'SearchInboxesOptions' },
);

/** Filters of getAllInboxes and getAllInboxesOffsetPaginated. */
export const AllInboxesQuery = Type.Object({
  ...PageQuery,
  favourite: Type.Optional(Type.Boolean({ description: 'only favourites when true' })),
  search: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH, description: 'partial match on id, address, name and tags' })),
  tag: Type.Optional(Type.String()),
  teamAccess: Type.Optional(Type.Boolean({ description: 'deprecated; ignored' })),
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
  inboxType: Type.Optional(InboxTypeIn),
  inboxFunction: Type.Optional(InboxFunction),
  domainId: Type.Optional(Uuid),
});

export const InboxExistsDto = Type.Object(
  { exists: Type.Boolean(), softBounce: Nullable(Type.Boolean()), hardBounce: Nullable(Type.Boolean()) },
  { $id: 'InboxExistsDto' },
);
export const InboxByEmailAddressResult = Type.Object(
  { inboxId: Nullable(Uuid), exists: Type.Boolean() },
  { $id: 'InboxByEmailAddressResult' },
);
export const InboxByNameResult = Type.Object(
  { inboxId: Nullable(Uuid), exists: Type.Boolean() },
  { $id: 'InboxByNameResult' },
);
export const InboxIdsResult = Type.Object(
  { inboxIds: Type.Array(Type.Object({ id: Uuid, emailAddress: Type.String() })) },
  { $id: 'InboxIdsResult' },
);
export const EmailAvailableResult = Type.Object({ available: Type.Boolean() }, { $id: 'EmailAvailableResult' });
export const FlushExpiredInboxesResult = Type.Object(
  { inboxIds: Type.Array(Uuid), expireBefore: DateTime },
  { $id: 'FlushExpiredInboxesResult' },
);

export const InboxIdParams = Type.Object({ inboxId: Uuid });

/** Registered once with app.addSchema so routes can $ref them and OpenAPI names them. */
export const inboxModelSchemas = [
  InboxDto, InboxPreview, OrganizationInboxProjection, PageInboxProjection, PageOrganizationInboxProjection,
  PageInboxTags, CreateInboxDto, UpdateInboxOptions, SetInboxFavouritedOptions, SearchInboxesOptions,
  InboxExistsDto, InboxByEmailAddressResult, InboxByNameResult, InboxIdsResult, EmailAvailableResult,
  FlushExpiredInboxesResult,
];
