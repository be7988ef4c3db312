import { Type } from '@sinclair/typebox';
import { CreateInboxDto } from '../inbox/inbox.schemas.js';
import { DateTime, Nullable, PageOf, PageQuery, SEARCH_MAX_LENGTH, Uuid } from '../shared/schemas.js';

const Text = (maxLength: number, description?: string) => Type.Optional(Nullable(Type.String({ maxLength, ...(description ? { description } : {}) })));

export const CreatePortalOptions = Type.Object(
  {
    name: Text(1000, 'a name shown on the portal pages'),
    domainId: Type.Optional(Nullable(Uuid)),
    description: Text(10_000, 'shown on the login page'),
    linkHelp: Text(10_000, 'help text shown under the login form'),
  },
  { $id: 'CreatePortalOptions' },
);

export const GuestPortalDto = Type.Object(
  {
    id: Uuid,
    domainId: Type.Optional(Nullable(Uuid)),
    userId: Uuid,
    name: Type.Optional(Nullable(Type.String())),
    description: Type.Optional(Nullable(Type.String())),
    linkHelp: Type.Optional(Nullable(Type.String())),
    createdAt: DateTime,
    updatedAt: DateTime,
    loginUrl: Type.String({ description: 'the login page guests open (no API key)' }),
  },
  { $id: 'GuestPortalDto' },
);

export const CreatePortalUserOptions = Type.Object(
  {
    password: Type.Optional(Nullable(Type.String({ minLength: 8, maxLength: 200, description: 'the guest logs in with it; a random one when absent' }))),
    name: Text(1000),
    username: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200, description: 'unique in the portal; a random one when absent' }))),
    skipInboxCreation: Type.Optional(Nullable(Type.Boolean({ description: 'give the guest no inbox (unless inboxId names one)' }))),
    inboxId: Type.Optional(Nullable(Uuid)),
    createInboxOptions: Type.Optional(Type.Union([Type.Ref(CreateInboxDto), Type.Null()])),
  },
  { $id: 'CreatePortalUserOptions' },
);

export const GuestPortalUserDto = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    portalId: Uuid,
    name: Type.Optional(Nullable(Type.String())),
    username: Type.String(),
    emailAddress: Type.Optional(Nullable(Type.String())),
    inboxId: Type.Optional(Nullable(Uuid)),
    loginUrl: Type.String({ description: "the portal's login page with this guest's username filled in" }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'GuestPortalUserDto' },
);

export const GuestPortalUserCreateDto = Type.Object(
  {
    guest: Type.Ref(GuestPortalUserDto),
    password: Type.String({ description: 'the password the guest logs in with; shown only here (stored hashed)' }),
  },
  { $id: 'GuestPortalUserCreateDto' },
);

export const GuestPortalUserProjection = Type.Object(
  {
    name: Type.Optional(Nullable(Type.String())),
    id: Uuid,
    username: Type.String(),
    userId: Uuid,
    inboxId: Type.Optional(Nullable(Uuid)),
    createdAt: DateTime,
    updatedAt: DateTime,
    emailAddress: Type.Optional(Nullable(Type.String())),
    portalId: Uuid,
  },
  { $id: 'GuestPortalUserProjection' },
);
export const PageGuestPortalUsers = PageOf(Type.Ref(GuestPortalUserProjection), 'PageGuestPortalUsers');

export const PortalIdParams = Type.Object({ portalId: Uuid });
export const GuestIdParams = Type.Object({ guestId: Uuid });
export const PortalGuestParams = Type.Object({ portalId: Uuid, guestId: Uuid });

export const GuestUsersQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH })),
  ...PageQuery,
  since: Type.Optional(DateTime),
  before: Type.Optional(DateTime),
});
export const AllGuestUsersQuery = Type.Object({ portalId: Type.Optional(Uuid), ...GuestUsersQuery.properties });

export const guestPortalModelSchemas = [
  CreatePortalOptions, GuestPortalDto, CreatePortalUserOptions, GuestPortalUserDto, GuestPortalUserCreateDto, GuestPortalUserProjection, PageGuestPortalUsers,
];
