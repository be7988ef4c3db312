import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, PageQuery, SEARCH_MAX_LENGTH, Uuid } from '../shared/schemas.js';

/** What one contact field may hold: names and companies are header-sized text. */
const Text = Type.String({ maxLength: 1000 });
const MetaData = Type.Object({}, { additionalProperties: true, description: 'any JSON object, kept as given' });

export const CreateContactOptions = Type.Object(
  {
    firstName: Type.Optional(Nullable(Text)),
    lastName: Type.Optional(Nullable(Text)),
    company: Type.Optional(Nullable(Text)),
    emailAddresses: Type.Optional(Nullable(Type.Array(Type.String({ maxLength: 320 }), {
      description: 'the first is the primary address: toContacts and toGroup sends go to it',
    }))),
    tags: Type.Optional(Nullable(Type.Array(Text))),
    metaData: Type.Optional(Nullable(MetaData)),
    optOut: Type.Optional(Nullable(Type.Boolean({ description: 'an opted-out contact is never sent to through toContacts or toGroup' }))),
    groupId: Type.Optional(Nullable(Uuid)),
    verifyEmailAddresses: Type.Optional(Nullable(Type.Boolean({ description: 'addresses are always checked for form; nothing is asked of remote servers' }))),
  },
  { $id: 'CreateContactOptions' },
);

export const ContactDto = Type.Object(
  {
    id: Uuid,
    groupId: Nullable(Uuid),
    firstName: Nullable(Type.String()),
    lastName: Nullable(Type.String()),
    company: Nullable(Type.String()),
    emailAddresses: Type.Array(Type.String()),
    primaryEmailAddress: Nullable(Type.String()),
    tags: Type.Array(Type.String()),
    metaData: Nullable(MetaData),
    optOut: Nullable(Type.Boolean()),
    createdAt: DateTime,
  },
  { $id: 'ContactDto' },
);

export const ContactProjection = Type.Object(
  {
    id: Uuid,
    groupId: Nullable(Uuid),
    createdAt: DateTime,
    emailAddress: Nullable(Type.String({ description: 'the primary address' })),
    emailAddresses: Nullable(Type.Array(Type.String())),
    firstName: Nullable(Type.String()),
    lastName: Nullable(Type.String()),
    company: Nullable(Type.String()),
    optOut: Nullable(Type.Boolean()),
  },
  { $id: 'ContactProjection' },
);
export const PageContactProjection = PageOf(Type.Ref(ContactProjection), 'PageContactProjection');

export const CreateGroupOptions = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 1000 }),
    description: Type.Optional(Nullable(Type.String({ maxLength: 10_000 }))),
  },
  { $id: 'CreateGroupOptions' },
);

export const GroupDto = Type.Object(
  { id: Uuid, name: Type.String(), description: Nullable(Type.String()), createdAt: DateTime },
  { $id: 'GroupDto' },
);

export const GroupProjection = Type.Object(
  { name: Type.String(), id: Uuid, description: Nullable(Type.String()), createdAt: DateTime },
  { $id: 'GroupProjection' },
);
export const PageGroupProjection = PageOf(Type.Ref(GroupProjection), 'PageGroupProjection');

export const GroupContactsDto = Type.Object(
  { group: Type.Ref(GroupDto), contacts: Type.Array(Type.Ref(ContactDto)) },
  { $id: 'GroupContactsDto' },
);

export const UpdateGroupContacts = Type.Object(
  { contactIds: Type.Array(Uuid) },
  { $id: 'UpdateGroupContacts' },
);

export const ContactIdParams = Type.Object({ contactId: Uuid });
export const GroupIdParams = Type.Object({ groupId: Uuid });

const Since = Type.Optional(DateTime);
export const ContactsQuery = Type.Object({
  ...PageQuery,
  since: Since,
  before: Since,
  search: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH, description: 'case-insensitive partial match on names, company, addresses and id' })),
});
export const GroupsQuery = Type.Object({ ...PageQuery, since: Since, before: Since });

export const contactModelSchemas = [
  CreateContactOptions, ContactDto, ContactProjection, PageContactProjection,
  CreateGroupOptions, GroupDto, GroupProjection, PageGroupProjection, GroupContactsDto, UpdateGroupContacts,
];
