import { Type } from '@sinclair/typebox';
import { toDate } from '../../../core/dates.js';
import { toPage } from '../../../core/paging.js';
import { guestPortalOperation } from './define.js';
import { toGuestDto, toGuestPortalDto, toGuestProjection } from '../guest-portal.dto.js';
import {
  AllGuestUsersQuery, CreatePortalOptions, CreatePortalUserOptions, GuestIdParams, GuestPortalDto, GuestPortalUserCreateDto, GuestPortalUserDto,
  GuestUsersQuery, PageGuestPortalUsers, PortalGuestParams, PortalIdParams,
} from '../guest-portal.schemas.js';

export const createGuestPortal = guestPortalOperation({
  operationId: 'createGuestPortal', method: 'POST', path: '/guest-portal',
  summary: 'Create a portal: a login page where invited guests read the mail of the inboxes given to them, without an API key',
  body: Type.Ref(CreatePortalOptions),
  status: 201,
  response: Type.Ref(GuestPortalDto),
  handler: async ({ tenantId, body, baseUrl }, { guestPortals }) => toGuestPortalDto(await guestPortals.createPortal(tenantId, body), baseUrl),
});

export const getGuestPortals = guestPortalOperation({
  operationId: 'getGuestPortals', method: 'GET', path: '/guest-portal',
  summary: "The caller's portals, oldest first",
  response: Type.Array(Type.Ref(GuestPortalDto)),
  handler: async ({ tenantId, baseUrl }, { guestPortals }) => (await guestPortals.listPortals(tenantId)).map((p) => toGuestPortalDto(p, baseUrl)),
});

export const getGuestPortal = guestPortalOperation({
  operationId: 'getGuestPortal', method: 'GET', path: '/guest-portal/{portalId}',
  summary: 'A portal',
  params: PortalIdParams,
  response: Type.Ref(GuestPortalDto),
  handler: async ({ tenantId, params, baseUrl }, { guestPortals }) => toGuestPortalDto(await guestPortals.getPortal(tenantId, params.portalId), baseUrl),
});

export const createGuestPortalUser = guestPortalOperation({
  operationId: 'createGuestPortalUser', method: 'POST', path: '/guest-portal/{portalId}/user',
  summary: 'Add a guest to a portal: it reads the inbox named by inboxId, or a new one (unless skipInboxCreation); the answer holds its password, shown only here',
  params: PortalIdParams,
  body: Type.Ref(CreatePortalUserOptions),
  status: 201,
  response: Type.Ref(GuestPortalUserCreateDto),
  handler: async ({ tenantId, params, body, baseUrl }, { guestPortals }) => {
    const options = body.createInboxOptions ? { ...body.createInboxOptions, expiresAt: toDate(body.createInboxOptions.expiresAt) } : null;
    const { guest, password } = await guestPortals.createGuest(tenantId, params.portalId, { ...body, createInboxOptions: options });
    return { guest: toGuestDto(guest, baseUrl), password };
  },
});

const guestsQuery = (query: { search?: string; page?: number; size?: number; sort?: 'ASC' | 'DESC'; since?: string; before?: string }) =>
  ({ ...query, since: toDate(query.since), before: toDate(query.before) });

export const getGuestPortalUsers = guestPortalOperation({
  operationId: 'getGuestPortalUsers', method: 'GET', path: '/guest-portal/{portalId}/user',
  summary: "Page through a portal's guests",
  params: PortalIdParams,
  query: GuestUsersQuery,
  response: Type.Ref(PageGuestPortalUsers),
  handler: async ({ tenantId, params, query }, { guestPortals }) => {
    const { slice, request } = await guestPortals.pagePortalGuests(tenantId, params.portalId, guestsQuery(query));
    return toPage(slice.items.map(toGuestProjection), slice.total, request);
  },
});

// A static path: matched before GET /guest-portal/{portalId}, so it is never taken for an id.
export const getAllGuestPortalUsers = guestPortalOperation({
  operationId: 'getAllGuestPortalUsers', method: 'GET', path: '/guest-portal/user',
  summary: "Page through the guests of all the caller's portals (or of portalId)",
  query: AllGuestUsersQuery,
  response: Type.Ref(PageGuestPortalUsers),
  handler: async ({ tenantId, query }, { guestPortals }) => {
    const { slice, request } = await guestPortals.pageGuests(tenantId, { ...guestsQuery(query), portalId: query.portalId });
    return toPage(slice.items.map(toGuestProjection), slice.total, request);
  },
});

export const getGuestPortalUser = guestPortalOperation({
  operationId: 'getGuestPortalUser', method: 'GET', path: '/guest-portal/{portalId}/user/{guestId}',
  summary: 'A guest of a portal',
  params: PortalGuestParams,
  response: Type.Ref(GuestPortalUserDto),
  handler: async ({ tenantId, params, baseUrl }, { guestPortals }) => toGuestDto(await guestPortals.getGuest(tenantId, params.guestId, params.portalId), baseUrl),
});

export const getGuestPortalUserById = guestPortalOperation({
  operationId: 'getGuestPortalUserById', method: 'GET', path: '/guest-portal/user/{guestId}',
  summary: 'A guest of any of your portals',
  params: GuestIdParams,
  response: Type.Ref(GuestPortalUserDto),
  handler: async ({ tenantId, params, baseUrl }, { guestPortals }) => toGuestDto(await guestPortals.getGuest(tenantId, params.guestId), baseUrl),
});
