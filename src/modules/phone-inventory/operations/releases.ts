import { Type } from '@sinclair/typebox';
import { toPage } from '../../../core/paging.js';
import { PageQuery, Uuid } from '../../shared/schemas.js';
import { toPhoneNumberDto } from '../../phone/phone.dto.js';
import { PhoneNumberDto } from '../../phone/phone.schemas.js';
import { phoneInventoryOperation } from './define.js';
import { toReleaseProjection } from '../phone-inventory.dto.js';
import { PagePhoneNumberReleaseProjection, PhoneNumberReleaseProjection } from '../phone-inventory.schemas.js';

const ReleaseIdParams = Type.Object({ releaseId: Uuid });

export const getAllPhoneNumberReleases = phoneInventoryOperation({
  operationId: 'getAllPhoneNumberReleases', method: 'GET', path: '/phone/releases',
  summary: "The caller's released (deleted) numbers not reassigned since, by release time",
  query: Type.Object(PageQuery),
  response: Type.Ref(PagePhoneNumberReleaseProjection),
  handler: async ({ tenantId, query }, { phoneReleases }) => {
    const { slice, request } = await phoneReleases.page(tenantId, query);
    return toPage(slice.items.map(toReleaseProjection), slice.total, request);
  },
});

export const getPhoneNumberRelease = phoneInventoryOperation({
  operationId: 'getPhoneNumberRelease', method: 'GET', path: '/phone/releases/{releaseId}',
  summary: 'A release of the caller: the number, when it was released',
  params: ReleaseIdParams,
  response: Type.Ref(PhoneNumberReleaseProjection),
  handler: async ({ tenantId, params }, { phoneReleases }) => toReleaseProjection(await phoneReleases.get(tenantId, params.releaseId)),
});

export const reassignPhoneNumberRelease = phoneInventoryOperation({
  operationId: 'reassignPhoneNumberRelease', method: 'GET', path: '/phone/releases/{releaseId}/reassign',
  summary: 'Give a released number back to the caller (a new phone number with its old name); 409 when it has been taken since',
  params: ReleaseIdParams,
  response: Type.Ref(PhoneNumberDto),
  handler: async ({ tenantId, params }, { phoneReleases }) => toPhoneNumberDto(await phoneReleases.reassign(tenantId, params.releaseId)),
});
