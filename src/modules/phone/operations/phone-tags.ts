import { Type } from '@sinclair/typebox';
import { phoneOperation } from './define.js';
import { toPhoneNumberDto } from '../phone.dto.js';
import { PhoneNumberDto, PhoneNumberIdParams, PhoneNumberTagsOptions, SetPhoneFavouritedOptions } from '../phone.schemas.js';
import { SEARCH_MAX_LENGTH } from '../../shared/schemas.js';

export const getPhoneNumberTags = phoneOperation({
  operationId: 'getPhoneNumberTags', method: 'GET', path: '/phone/numbers/{phoneNumberId}/tags',
  summary: 'The tags of a phone number',
  params: PhoneNumberIdParams,
  response: Type.Array(Type.String()),
  handler: async ({ tenantId, params }, { phones }) => (await phones.get(tenantId, params.phoneNumberId)).tags,
});

export const setPhoneNumberTags = phoneOperation({
  operationId: 'setPhoneNumberTags', method: 'PUT', path: '/phone/numbers/{phoneNumberId}/tags',
  summary: 'Replace the tags of a phone number',
  params: PhoneNumberIdParams,
  body: Type.Ref(PhoneNumberTagsOptions),
  response: Type.Ref(PhoneNumberDto),
  handler: async ({ tenantId, params, body }, { phones }) => toPhoneNumberDto(await phones.setTags(tenantId, params.phoneNumberId, body.tags)),
});

export const addPhoneNumberTags = phoneOperation({
  operationId: 'addPhoneNumberTags', method: 'POST', path: '/phone/numbers/{phoneNumberId}/tags',
  summary: 'Add tags to a phone number (ones it has already are kept once)',
  params: PhoneNumberIdParams,
  body: Type.Ref(PhoneNumberTagsOptions),
  response: Type.Ref(PhoneNumberDto),
  handler: async ({ tenantId, params, body }, { phones }) => toPhoneNumberDto(await phones.addTags(tenantId, params.phoneNumberId, body.tags)),
});

export const removePhoneNumberTags = phoneOperation({
  operationId: 'removePhoneNumberTags', method: 'DELETE', path: '/phone/numbers/{phoneNumberId}/tags',
  summary: 'Remove tags from a phone number',
  params: PhoneNumberIdParams,
  body: Type.Ref(PhoneNumberTagsOptions),
  response: Type.Ref(PhoneNumberDto),
  handler: async ({ tenantId, params, body }, { phones }) => toPhoneNumberDto(await phones.removeTags(tenantId, params.phoneNumberId, body.tags)),
});

export const getPhoneTags = phoneOperation({
  operationId: 'getPhoneTags', method: 'GET', path: '/phone/tags',
  summary: "Every distinct tag of the caller's phone numbers, sorted",
  query: Type.Object({ search: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH })) }),
  response: Type.Array(Type.String()),
  handler: async ({ tenantId, query }, { phones }) => phones.allTags(tenantId, query.search),
});

export const setPhoneFavourited = phoneOperation({
  operationId: 'setPhoneFavourited', method: 'PUT', path: '/phone/numbers/{phoneNumberId}/favourite',
  summary: 'Set whether a phone number is a favourite',
  params: PhoneNumberIdParams,
  body: Type.Ref(SetPhoneFavouritedOptions),
  response: Type.Ref(PhoneNumberDto),
  handler: async ({ tenantId, params, body }, { phones }) => toPhoneNumberDto(await phones.setFavourite(tenantId, params.phoneNumberId, body.state)),
});
