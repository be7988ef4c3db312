import { Type } from '@sinclair/typebox';
import { phonePoolOperation } from './define.js';
import {
  AcquirePhonePoolLeaseOptions, AddPhonePoolNumbersOptions, CreatePhonePoolOptions, GetOrCreatePhonePoolOptions, PhonePoolDetailDto, PhonePoolDto,
  PhonePoolLeaseDto, PoolIdParams, UpdatePhonePoolOptions,
} from '../phone-pool.schemas.js';
import { toPhonePoolDetailDto, toPhonePoolDto, toPhonePoolLeaseDto } from '../phone-pool.dto.js';
import { Uuid } from '../../shared/schemas.js';

export const createPhonePool = phonePoolOperation({
  operationId: 'createPhonePool', method: 'POST', path: '/phone/pools',
  summary: 'Create a pool of your phone numbers, to lease them one test at a time (a name is unique among your pools: 409 when taken)',
  body: Type.Ref(CreatePhonePoolOptions),
  response: Type.Ref(PhonePoolDetailDto),
  handler: async ({ tenantId, body }, { phonePools }) => toPhonePoolDetailDto(await phonePools.create(tenantId, body)),
});

export const getPhonePools = phonePoolOperation({
  operationId: 'getPhonePools', method: 'GET', path: '/phone/pools',
  summary: 'Your phone pools, oldest first, with how many numbers each holds and how many are leased now',
  response: Type.Array(Type.Ref(PhonePoolDto)),
  handler: async ({ tenantId }, { phonePools }) => (await phonePools.list(tenantId)).map(toPhonePoolDto),
});

// Static paths: matched before /phone/pools/{poolId}, so never taken for an id.
export const getPhonePoolByName = phonePoolOperation({
  operationId: 'getPhonePoolByName', method: 'GET', path: '/phone/pools/by-name',
  summary: 'Your phone pool with this name, with its numbers and their active leases',
  query: Type.Object({ name: Type.String({ minLength: 1, maxLength: 255 }) }),
  response: Type.Ref(PhonePoolDetailDto),
  handler: async ({ tenantId, query }, { phonePools }) => toPhonePoolDetailDto(await phonePools.getByName(tenantId, query.name)),
});

export const getOrCreatePhonePool = phonePoolOperation({
  operationId: 'getOrCreatePhonePool', method: 'POST', path: '/phone/pools/get-or-create',
  summary: 'Your phone pool with this name, made (with the description) when you have none',
  body: Type.Ref(GetOrCreatePhonePoolOptions),
  response: Type.Ref(PhonePoolDetailDto),
  handler: async ({ tenantId, body }, { phonePools }) => toPhonePoolDetailDto(await phonePools.getOrCreate(tenantId, body)),
});

export const getPhonePool = phonePoolOperation({
  operationId: 'getPhonePool', method: 'GET', path: '/phone/pools/{poolId}',
  summary: 'A phone pool with its numbers and their active leases',
  params: PoolIdParams,
  response: Type.Ref(PhonePoolDetailDto),
  handler: async ({ tenantId, params }, { phonePools }) => toPhonePoolDetailDto(await phonePools.get(tenantId, params.poolId)),
});

export const updatePhonePool = phonePoolOperation({
  operationId: 'updatePhonePool', method: 'PUT', path: '/phone/pools/{poolId}',
  summary: 'Rename a phone pool or set its description (fields left out or a null name are unchanged; a null or blank description clears it)',
  params: PoolIdParams,
  body: Type.Ref(UpdatePhonePoolOptions),
  response: Type.Ref(PhonePoolDetailDto),
  handler: async ({ tenantId, params, body }, { phonePools }) => toPhonePoolDetailDto(await phonePools.update(tenantId, params.poolId, body)),
});

export const deletePhonePool = phonePoolOperation({
  operationId: 'deletePhonePool', method: 'DELETE', path: '/phone/pools/{poolId}',
  summary: 'Delete a phone pool and release its active leases (the numbers themselves stay yours)',
  params: PoolIdParams,
  status: 204,
  handler: async ({ tenantId, params }, { phonePools }) => {
    await phonePools.delete(tenantId, params.poolId);
  },
});

export const addPhoneNumbersToPhonePool = phonePoolOperation({
  operationId: 'addPhoneNumbersToPhonePool', method: 'POST', path: '/phone/pools/{poolId}/numbers',
  summary: 'Add some of your phone numbers to a pool (those already in it stay as they are; a number that is not yours is 404)',
  params: PoolIdParams,
  body: Type.Ref(AddPhonePoolNumbersOptions),
  response: Type.Ref(PhonePoolDetailDto),
  handler: async ({ tenantId, params, body }, { phonePools }) =>
    toPhonePoolDetailDto(await phonePools.addNumbers(tenantId, params.poolId, body.phoneNumberIds)),
});

export const addAllPhoneNumbersToPhonePool = phonePoolOperation({
  operationId: 'addAllPhoneNumbersToPhonePool', method: 'POST', path: '/phone/pools/{poolId}/numbers/add-all',
  summary: 'Add every phone number you have to a pool',
  params: PoolIdParams,
  response: Type.Ref(PhonePoolDetailDto),
  handler: async ({ tenantId, params }, { phonePools }) => toPhonePoolDetailDto(await phonePools.addAllNumbers(tenantId, params.poolId)),
});

export const removePhoneNumberFromPhonePool = phonePoolOperation({
  operationId: 'removePhoneNumberFromPhonePool', method: 'DELETE', path: '/phone/pools/{poolId}/numbers/{phoneNumberId}',
  summary: 'Take a phone number out of a pool; its lease from this pool is released',
  params: Type.Object({ poolId: Uuid, phoneNumberId: Uuid }),
  status: 204,
  handler: async ({ tenantId, params }, { phonePools }) => {
    await phonePools.removeNumber(tenantId, params.poolId, params.phoneNumberId);
  },
});

export const acquirePhonePoolLease = phonePoolOperation({
  operationId: 'acquirePhonePoolLease', method: 'POST', path: '/phone/pools/{poolId}/leases',
  summary: 'Lease one free number of the pool (never two callers the same number); 409 when every one is leased, after waiting up to acquireTimeoutMillis for one to be freed or expire',
  params: PoolIdParams,
  body: Type.Ref(AcquirePhonePoolLeaseOptions),
  response: Type.Ref(PhonePoolLeaseDto),
  handler: async ({ tenantId, params, body, signal }, { phonePools }) =>
    toPhonePoolLeaseDto(await phonePools.acquire(tenantId, params.poolId, { ...body, signal })),
});

export const releasePhonePoolLease = phonePoolOperation({
  operationId: 'releasePhonePoolLease', method: 'DELETE', path: '/phone/pools/{poolId}/leases/{leaseId}',
  summary: 'Release a lease: its number is free for the next acquire (404 for a lease already released, or expired and its number leased again)',
  params: Type.Object({ poolId: Uuid, leaseId: Uuid }),
  status: 204,
  handler: async ({ tenantId, params }, { phonePools }) => {
    await phonePools.release(tenantId, params.poolId, params.leaseId);
  },
});
