import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, PageQuery, StringEnum, Uuid } from '../shared/schemas.js';

const AUTOMATION_TYPES = ['INBOX_FORWARDER', 'INBOX_REPLIER', 'INBOX_RULESET'] as const;
const EVENT_TYPES = ['WEBHOOK_EVENT', 'INBOX_FORWARDER_EVENT', 'INBOX_REPLIER_EVENT', 'INBOX_RULESET_EVENT', 'ALIAS_EVENT'] as const;
const FAVOURITE_TYPES = ['INBOX', 'EMAIL', 'ATTACHMENT', 'PHONE', 'SMS'] as const;

export const EntityAutomationItemProjection = Type.Object(
  {
    id: Uuid,
    name: Type.Optional(Nullable(Type.String())),
    inboxId: Type.Optional(Nullable(Uuid)),
    phoneId: Type.Optional(Nullable(Uuid)),
    action: Type.Optional(Nullable(Type.String({ description: "a ruleset's action (BLOCK, ALLOW, ...), a forwarder's or replier's match field" }))),
    automationType: StringEnum(AUTOMATION_TYPES),
    createdAt: DateTime,
  },
  { $id: 'EntityAutomationItemProjection' },
);
export const PageEntityAutomationItems = PageOf(Type.Ref(EntityAutomationItemProjection), 'PageEntityAutomationItems');

export const EntityEventItemProjection = Type.Object(
  {
    id: Uuid,
    eventType: StringEnum(EVENT_TYPES),
    severity: StringEnum(['INFO', 'SUCCESS', 'WARNING', 'DANGER'], { description: 'from the recorded outcome: SUCCESS, a failure DANGER, a bad response WARNING, work still pending INFO' }),
    outcome: Type.String({ description: 'the outcome as recorded: a webhook result type, a forwarder or replier event status, an alias job state' }),
    inboxId: Type.Optional(Nullable(Uuid)),
    emailId: Type.Optional(Nullable(Uuid)),
    phoneId: Type.Optional(Nullable(Uuid)),
    smsId: Type.Optional(Nullable(Uuid)),
    attachmentId: Type.Optional(Nullable(Uuid)),
    createdAt: DateTime,
  },
  { $id: 'EntityEventItemProjection' },
);
export const PageEntityEventItems = PageOf(Type.Ref(EntityEventItemProjection), 'PageEntityEventItems');

export const EntityFavouriteItemProjection = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    description: Type.Optional(Nullable(Type.String())),
    createdAt: DateTime,
    entityType: StringEnum(FAVOURITE_TYPES),
  },
  { $id: 'EntityFavouriteItemProjection' },
);
export const PageEntityFavouriteItems = PageOf(Type.Ref(EntityFavouriteItemProjection), 'PageEntityFavouriteItems');

const Window = { since: Type.Optional(DateTime), before: Type.Optional(DateTime) };

export const EntityAutomationsQuery = Type.Object({
  ...PageQuery, ...Window,
  inboxId: Type.Optional(Uuid),
  phoneId: Type.Optional(Uuid),
  filter: Type.Optional(StringEnum(AUTOMATION_TYPES)),
});

export const EntityEventsQuery = Type.Object({
  ...PageQuery, ...Window,
  inboxId: Type.Optional(Uuid),
  emailId: Type.Optional(Uuid),
  phoneId: Type.Optional(Uuid),
  smsId: Type.Optional(Uuid),
  attachmentId: Type.Optional(Uuid),
  filter: Type.Optional(StringEnum(EVENT_TYPES)),
});

export const EntityFavouritesQuery = Type.Object({ ...PageQuery, ...Window, filter: Type.Optional(StringEnum(FAVOURITE_TYPES)) });

export const JsonNode = Type.Unknown({ $id: 'JsonNode', description: 'any JSON document' });
export const JsonPluckQuery = Type.Object({
  property: Type.String({ maxLength: 1000, description: 'where the value is: a.b[0].c, a.b.0.c or a JSON Pointer /a/b/0/c' }),
});

export const entitiesModelSchemas = [
  EntityAutomationItemProjection, PageEntityAutomationItems, EntityEventItemProjection, PageEntityEventItems,
  EntityFavouriteItemProjection, PageEntityFavouriteItems, JsonNode,
];
