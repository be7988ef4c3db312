import { Type } from '@sinclair/typebox';
import { notFound } from '../../../core/errors.js';
import { Uuid } from '../../shared/schemas.js';
import { phoneInventoryOperation } from './define.js';
import { toEmergencyAddress, toEmergencyAddressDto } from '../phone-inventory.dto.js';
import {
  ConsentQuery, ConsentStatusDto, CreateEmergencyAddressOptions, EmergencyAddress, EmergencyAddressDto, EmptyResponseDto,
  PhoneSmsPrepaidCreditDto, PhoneSmsPrepaidCreditsDto,
} from '../phone-inventory.schemas.js';

export const getConsentStatus = phoneInventoryOperation({
  operationId: 'getConsentStatus', method: 'GET', path: '/phone/consent',
  summary: "The account's SMS consent flag (false until given); stored and read back, nothing else depends on it",
  response: Type.Ref(ConsentStatusDto),
  handler: async ({ tenantId }, { phoneAccounts }) => ({ consented: await phoneAccounts.consent(tenantId) }),
});

export const setConsentStatus = phoneInventoryOperation({
  operationId: 'setConsentStatus', method: 'POST', path: '/phone/consent',
  summary: "Give (agree=true) or revoke (agree=false) the account's SMS consent",
  query: ConsentQuery,
  response: Type.Ref(ConsentStatusDto),
  handler: async ({ tenantId, query }, { phoneAccounts }) => ({ consented: await phoneAccounts.setConsent(tenantId, query.agree) }),
});

const AddressIdParams = Type.Object({ addressId: Uuid });

export const createEmergencyAddress = phoneInventoryOperation({
  operationId: 'createEmergencyAddress', method: 'POST', path: '/phone/emergency-addresses',
  summary: "Store an emergency address of the account (fields must not be blank; the postal code must fit the country)",
  body: Type.Ref(CreateEmergencyAddressOptions),
  response: Type.Ref(EmergencyAddress),
  handler: async ({ tenantId, body }, { phoneAccounts }) => toEmergencyAddress(await phoneAccounts.createEmergencyAddress(tenantId, body)),
});

export const getEmergencyAddresses = phoneInventoryOperation({
  operationId: 'getEmergencyAddresses', method: 'GET', path: '/phone/emergency-addresses',
  summary: "The account's emergency addresses, oldest first",
  response: Type.Array(Type.Ref(EmergencyAddressDto)),
  handler: async ({ tenantId }, { phoneAccounts }) => (await phoneAccounts.emergencyAddresses(tenantId)).map(toEmergencyAddressDto),
});

export const getEmergencyAddress = phoneInventoryOperation({
  operationId: 'getEmergencyAddress', method: 'GET', path: '/phone/emergency-addresses/{addressId}',
  summary: 'An emergency address of the account',
  params: AddressIdParams,
  response: Type.Ref(EmergencyAddress),
  handler: async ({ tenantId, params }, { phoneAccounts }) => toEmergencyAddress(await phoneAccounts.emergencyAddress(tenantId, params.addressId)),
});

export const deleteEmergencyAddress = phoneInventoryOperation({
  operationId: 'deleteEmergencyAddress', method: 'DELETE', path: '/phone/emergency-addresses/{addressId}',
  summary: 'Delete an emergency address of the account',
  params: AddressIdParams,
  response: Type.Ref(EmptyResponseDto),
  handler: async ({ tenantId, params }, { phoneAccounts }) => {
    await phoneAccounts.deleteEmergencyAddress(tenantId, params.addressId);
    return { message: `Deleted emergency address ${params.addressId}` };
  },
});

export const getPhoneSmsPrepaidCredits = phoneInventoryOperation({
  operationId: 'getPhoneSmsPrepaidCredits', method: 'GET', path: '/phone/sms-prepaid-credits',
  summary: 'SMS prepaid credits of the account: none, the simulated carrier sells nothing and sending costs nothing',
  response: Type.Ref(PhoneSmsPrepaidCreditsDto),
  handler: () => ({ count: 0, totalRemainingCredits: 0, items: [] }),
});

export const getPhoneSmsPrepaidCredit = phoneInventoryOperation({
  operationId: 'getPhoneSmsPrepaidCredit', method: 'GET', path: '/phone/sms-prepaid-credits/{creditId}',
  summary: 'An SMS prepaid credit of the account: there are none (404)',
  params: Type.Object({ creditId: Uuid }),
  response: Type.Ref(PhoneSmsPrepaidCreditDto),
  handler: ({ params }) => {
    throw notFound(`No SMS prepaid credit ${params.creditId}: the simulated carrier sells no credits`);
  },
});
