import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { phonePoolOperation } from './define.js';
import { EmptyResponseDto } from '../../phone-inventory/phone-inventory.schemas.js';
import { PagePhoneMessageThreadItemProjection, PagePhoneMessageThreadProjection } from '../phone-pool.schemas.js';
import { toPhoneMessageThreadItemProjection, toPhoneMessageThreadProjection } from '../phone-pool.dto.js';
import { PhoneNumberIdParams } from '../../phone/phone.schemas.js';
import { INT32_MAX, Uuid } from '../../shared/schemas.js';

const PageOnly = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: INT32_MAX, default: 0, description: 'zero-based page index' })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: INT32_MAX, default: 20, description: 'page size (at most 100 are returned)' })),
});

const ThreadParams = Type.Object({
  phoneNumberId: Uuid,
  otherNumber: Type.String({ minLength: 1, maxLength: 100, description: 'the other number in E.164 (URL-encode the +), with or without its +' }),
});

// Static path: matched before /phone/numbers/{phoneNumberId}, so never taken for an id.
export const getAllPhoneMessageThreads = phonePoolOperation({
  operationId: 'getAllPhoneMessageThreads', method: 'GET', path: '/phone/numbers/message-threads',
  summary: 'The SMS conversations of all your numbers (one per number and other number), by their latest message, newest first',
  query: PageOnly,
  response: Type.Ref(PagePhoneMessageThreadProjection),
  handler: async ({ tenantId, query }, { phoneThreads }) => {
    const { slice, request } = await phoneThreads.all(tenantId, query);
    return toPage(slice.items.map(toPhoneMessageThreadProjection), slice.total, request);
  },
});

export const getPhoneMessageThreads = phonePoolOperation({
  operationId: 'getPhoneMessageThreads', method: 'GET', path: '/phone/numbers/{phoneNumberId}/message-threads',
  summary: 'The SMS conversations of one of your numbers (one per other number), by their latest message, newest first',
  params: PhoneNumberIdParams,
  query: PageOnly,
  response: Type.Ref(PagePhoneMessageThreadProjection),
  handler: async ({ tenantId, params, query }, { phoneThreads }) => {
    const { slice, request } = await phoneThreads.ofPhone(tenantId, params.phoneNumberId, query);
    return toPage(slice.items.map(toPhoneMessageThreadProjection), slice.total, request);
  },
});

export const getPhoneMessageThreadItems = phonePoolOperation({
  operationId: 'getPhoneMessageThreadItems', method: 'GET', path: '/phone/numbers/{phoneNumberId}/message-threads/{otherNumber}',
  summary: 'The SMS between one of your numbers and another number, received (INBOUND) and sent (OUTBOUND), oldest first',
  params: ThreadParams,
  query: PageOnly,
  response: Type.Ref(PagePhoneMessageThreadItemProjection),
  handler: async ({ tenantId, params, query }, { phoneThreads }) => {
    const { slice, request } = await phoneThreads.items(tenantId, params.phoneNumberId, params.otherNumber, query);
    return toPage(slice.items.map(toPhoneMessageThreadItemProjection), slice.total, request);
  },
});

export const deletePhoneMessageThreadItems = phonePoolOperation({
  operationId: 'deletePhoneMessageThreadItems', method: 'DELETE', path: '/phone/numbers/{phoneNumberId}/message-threads/{otherNumber}',
  summary: 'Delete every SMS between one of your numbers and another number, received and sent',
  params: ThreadParams,
  response: Type.Ref(EmptyResponseDto),
  handler: async ({ tenantId, params }, { phoneThreads }) => {
    const deleted = await phoneThreads.deleteItems(tenantId, params.phoneNumberId, params.otherNumber);
    return { message: `Deleted ${deleted} message${deleted === 1 ? '' : 's'}` };
  },
});
