import { Type } from '@sinclair/typebox';
import { operationsOf } from '../../../core/operation.js';
import { Content } from '../../../core/operation.js';
import { toDate } from '../../../core/dates.js';
import { toPage } from '../../../core/paging.js';
import type { Services } from '../../services.js';
import { toAutomationItem, toEventItem, toFavouriteItem } from '../entities.dto.js';
import {
  EntityAutomationsQuery, EntityEventsQuery, EntityFavouritesQuery, JsonNode, JsonPluckQuery, PageEntityAutomationItems, PageEntityEventItems,
  PageEntityFavouriteItems,
} from '../entities.schemas.js';
import { pluckJsonProperty } from '../json-pluck.js';

const userOperation = operationsOf<Services>('UserController');

export const getEntityAutomations = userOperation({
  operationId: 'getEntityAutomations', method: 'GET', path: '/user/automations',
  summary: "Page through the caller's automations: inbox forwarders, repliers and rulesets (filter by type, inbox or phone number)",
  query: EntityAutomationsQuery,
  response: Type.Ref(PageEntityAutomationItems),
  handler: async ({ tenantId, query: q }, { userEntities }) => {
    const { slice, request } = await userEntities.automations(tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) });
    return toPage(slice.items.map(toAutomationItem), slice.total, request);
  },
});

export const getEntityEvents = userOperation({
  operationId: 'getEntityEvents', method: 'GET', path: '/user/events',
  summary: "Page through what happened to the caller's entities: webhook results, forwarder and replier events, alias proxying (rulesets record no per-message events)",
  query: EntityEventsQuery,
  response: Type.Ref(PageEntityEventItems),
  handler: async ({ tenantId, query: q }, { userEntities }) => {
    const { slice, request } = await userEntities.events(tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) });
    return toPage(slice.items.map(toEventItem), slice.total, request);
  },
});

export const getEntityFavorites = userOperation({
  operationId: 'getEntityFavorites', method: 'GET', path: '/user/favorites',
  summary: "Page through the caller's favourites: inboxes, emails, phone numbers and SMS (attachments cannot be favourited)",
  query: EntityFavouritesQuery,
  response: Type.Ref(PageEntityFavouriteItems),
  handler: async ({ tenantId, query: q }, { userEntities }) => {
    const { slice, request } = await userEntities.favourites(tenantId, { ...q, since: toDate(q.since), before: toDate(q.before) });
    return toPage(slice.items.map(toFavouriteItem), slice.total, request);
  },
});

export const getJsonPropertyAsString = userOperation({
  operationId: 'getJsonPropertyAsString', method: 'POST', path: '/user/json/pluck',
  summary: 'The value at a property path of a JSON body, as text (a string as is, anything else as its JSON); a missing property is a 400 naming it',
  query: JsonPluckQuery,
  body: JsonNode,
  handler: ({ query, body }) => new Content(pluckJsonProperty(body, query.property), 'text/plain; charset=utf-8'),
});
