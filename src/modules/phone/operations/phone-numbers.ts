import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { toDate } from '../../../core/dates.js';
import { phoneOperation } from './define.js';
import { toPhoneNumberDto, toPhoneNumberProjection } from '../phone.dto.js';
import {
  CreatePhoneNumberOptions, PagePhoneNumberProjection, PhoneNumberDto, PhoneNumberIdParams, PhoneNumbersQuery, UpdatePhoneNumberOptions,
} from '../phone.schemas.js';

export const createPhoneNumber = phoneOperation({
  operationId: 'createPhoneNumber', method: 'POST', path: '/phone',
  summary: 'Allocate a simulated phone number in the configured ranges of a country (PIGEONHOLE_PHONE_RANGES)',
  body: Type.Ref(CreatePhoneNumberOptions),
  response: Type.Ref(PhoneNumberDto),
  handler: async ({ tenantId, body }, { phones }) => toPhoneNumberDto(await phones.create(tenantId, body)),
});

export const getPhoneNumbers = phoneOperation({
  operationId: 'getPhoneNumbers', method: 'GET', path: '/phone/numbers',
  summary: "Page through the caller's phone numbers",
  query: PhoneNumbersQuery,
  response: Type.Ref(PagePhoneNumberProjection),
  handler: async ({ tenantId, query }, { phones }) => {
    const { lineType, carrierName, mobileCountryCode, mobileNetworkCode, providerLabel, tag, include, since, before, ...rest } = query;
    const { slice, request } = await phones.page(tenantId, {
      ...rest,
      since: toDate(since),
      before: toDate(before),
      tags: tag,
      ids: include,
      carrierFilters: [lineType, carrierName, mobileCountryCode, mobileNetworkCode, providerLabel].some((v) => v !== undefined && v !== ''),
    });
    return toPage(slice.items.map(toPhoneNumberProjection), slice.total, request);
  },
});

// Static paths: matched before /phone/numbers/{phoneNumberId}, so never taken for an id.
export const getPhoneNumberByName = phoneOperation({
  operationId: 'getPhoneNumberByName', method: 'GET', path: '/phone/numbers/by-name',
  summary: 'The first-created phone number of the caller with this name',
  query: Type.Object({ name: Type.String({ minLength: 1, maxLength: 1000 }) }),
  response: Type.Ref(PhoneNumberDto),
  handler: async ({ tenantId, query }, { phones }) => toPhoneNumberDto(await phones.getByName(tenantId, query.name)),
});

export const getPhoneNumberByPhoneNumber = phoneOperation({
  operationId: 'getPhoneNumberByPhoneNumber', method: 'GET', path: '/phone/numbers/by-phone-number',
  summary: "The caller's phone number with this E.164 number (spaces, dashes and brackets are ignored)",
  query: Type.Object({ phoneNumber: Type.String({ minLength: 1, maxLength: 100 }) }),
  response: Type.Ref(PhoneNumberDto),
  handler: async ({ tenantId, query }, { phones }) => toPhoneNumberDto(await phones.getByNumber(tenantId, query.phoneNumber)),
});

export const getPhoneNumber = phoneOperation({
  operationId: 'getPhoneNumber', method: 'GET', path: '/phone/numbers/{phoneNumberId}',
  summary: 'A phone number by id',
  params: PhoneNumberIdParams,
  response: Type.Ref(PhoneNumberDto),
  handler: async ({ tenantId, params }, { phones }) => toPhoneNumberDto(await phones.get(tenantId, params.phoneNumberId)),
});

export const updatePhoneNumber = phoneOperation({
  operationId: 'updatePhoneNumber', method: 'PUT', path: '/phone/numbers/{phoneNumberId}',
  summary: 'Set the name and description of a phone number (fields left out are unchanged; null or blank clears)',
  params: PhoneNumberIdParams,
  body: Type.Ref(UpdatePhoneNumberOptions),
  response: Type.Ref(PhoneNumberDto),
  handler: async ({ tenantId, params, body }, { phones }) => toPhoneNumberDto(await phones.update(tenantId, params.phoneNumberId, body)),
});

export const deletePhoneNumber = phoneOperation({
  operationId: 'deletePhoneNumber', method: 'DELETE', path: '/phone/numbers/{phoneNumberId}',
  summary: 'Release a phone number: it goes back to the free numbers of its range',
  params: PhoneNumberIdParams,
  status: 204,
  handler: async ({ tenantId, params }, { phones }) => {
    await phones.delete(tenantId, params.phoneNumberId);
  },
});

export const deleteAllPhoneNumber = phoneOperation({
  operationId: 'deleteAllPhoneNumber', method: 'DELETE', path: '/phone/numbers',
  summary: "Release every phone number of the caller",
  status: 204,
  handler: async ({ tenantId }, { phones }) => {
    await phones.deleteAll(tenantId);
  },
});
