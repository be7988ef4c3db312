import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { InboxIdParams } from '../../inbox/inbox.schemas.js';
import { Uuid } from '../../shared/schemas.js';
import { toPlusAddressDto } from '../plus-address.dto.js';
import {
  FullAddressQuery, InboxPlusAddressParams, PagePlusAddressProjection, PlusAddressDto, PlusAddressIdParams, PlusAddressPageQuery,
} from '../plus-address.schemas.js';
import { plusAddressOperation, plusQueryOf } from './define.js';

// Static paths (/inboxes/plus-addresses, /inboxes/get-or-create-plus-address) are matched before /inboxes/{inboxId}.
export const getAllPlusAddresses = plusAddressOperation({
  operationId: 'getAllPlusAddresses', method: 'GET', path: '/inboxes/plus-addresses',
  summary: "Page through the account's plus addresses, optionally of one inbox",
  query: Type.Object({ ...PlusAddressPageQuery.properties, inboxId: Type.Optional(Uuid) }),
  response: Type.Ref(PagePlusAddressProjection),
  handler: async ({ tenantId, query }, { plusAddresses }) => {
    const { slice, request } = await plusAddresses.page(tenantId, query.inboxId, plusQueryOf(query));
    return toPage(slice.items.map(toPlusAddressDto), slice.total, request);
  },
});

export const getInboxPlusAddresses = plusAddressOperation({
  operationId: 'getInboxPlusAddresses', method: 'GET', path: '/inboxes/{inboxId}/plus-addresses',
  summary: "Page through an inbox's plus addresses (local+tag@domain; made by the first mail to each)",
  params: InboxIdParams,
  query: PlusAddressPageQuery,
  response: Type.Ref(PagePlusAddressProjection),
  handler: async ({ tenantId, params, query }, { plusAddresses }) => {
    const { slice, request } = await plusAddresses.page(tenantId, params.inboxId, plusQueryOf(query));
    return toPage(slice.items.map(toPlusAddressDto), slice.total, request);
  },
});

export const getInboxPlusAddressById = plusAddressOperation({
  operationId: 'getInboxPlusAddressById', method: 'GET', path: '/inboxes/plus-addresses/{plusAddressId}',
  summary: 'Get a plus address (of the given inbox when inboxId is set)',
  params: PlusAddressIdParams,
  query: Type.Object({ inboxId: Type.Optional(Uuid) }),
  response: Type.Ref(PlusAddressDto),
  handler: async ({ tenantId, params, query }, { plusAddresses }) =>
    toPlusAddressDto(await plusAddresses.get(tenantId, params.plusAddressId, query.inboxId)),
});

export const getInboxPlusAddress = plusAddressOperation({
  operationId: 'getInboxPlusAddress', method: 'GET', path: '/inboxes/{inboxId}/plus-addresses/{plusAddressId}',
  summary: 'Get a plus address of an inbox',
  params: InboxPlusAddressParams,
  response: Type.Ref(PlusAddressDto),
  handler: async ({ tenantId, params }, { plusAddresses }) =>
    toPlusAddressDto(await plusAddresses.get(tenantId, params.plusAddressId, params.inboxId)),
});

export const getOrCreateInboxPlusAddress = plusAddressOperation({
  operationId: 'getOrCreateInboxPlusAddress', method: 'POST', path: '/inboxes/{inboxId}/plus-addresses/get-or-create',
  summary: 'Get, or make, the plus address fullAddress (local+tag@domain) of the inbox',
  params: InboxIdParams,
  query: FullAddressQuery,
  response: Type.Ref(PlusAddressDto),
  handler: async ({ tenantId, params, query }, { plusAddresses }) =>
    toPlusAddressDto(await plusAddresses.getOrCreate(tenantId, params.inboxId, query.fullAddress)),
});

export const getOrCreatePlusAddressByFullAddress = plusAddressOperation({
  operationId: 'getOrCreatePlusAddressByFullAddress', method: 'POST', path: '/inboxes/get-or-create-plus-address',
  summary: 'Get, or make, the plus address fullAddress (local+tag@domain) of the inbox of yours it belongs to',
  query: FullAddressQuery,
  response: Type.Ref(PlusAddressDto),
  handler: async ({ tenantId, query }, { plusAddresses }) =>
    toPlusAddressDto(await plusAddresses.getOrCreateByFullAddress(tenantId, query.fullAddress)),
});
