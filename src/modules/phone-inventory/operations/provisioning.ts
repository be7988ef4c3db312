import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';
import { phoneInventoryOperation } from './define.js';
import { toProvisioningJobDto } from '../phone-inventory.dto.js';
import {
  AvailablePhoneNumbersResult, CreatePhoneProvisioningJobOptions, PhoneProviderCapabilitiesResult, PhoneProvisioningJobDto,
  ProvisioningCapabilitiesQuery, SearchAvailablePhoneNumbersOptions, SIMULATED_PROVIDER,
} from '../phone-inventory.schemas.js';

export const getPhoneProvisioningCapabilities = phoneInventoryOperation({
  operationId: 'getPhoneProvisioningCapabilities', method: 'GET', path: '/phone/provisioning/capabilities',
  summary: `The variants the simulated carrier (providerLabel ${SIMULATED_PROVIDER}) has in a country's ranges, by libphonenumber-js`,
  query: ProvisioningCapabilitiesQuery,
  response: Type.Ref(PhoneProviderCapabilitiesResult),
  handler: ({ query }, { phoneInventory }) => phoneInventory.capabilities(query.phoneCountry, query.providerLabel),
});

export const searchAvailablePhoneNumbers = phoneInventoryOperation({
  operationId: 'searchAvailablePhoneNumbers', method: 'POST', path: '/phone/provisioning/search',
  summary: "Free numbers of a country's configured ranges, in order (what is taken is looked up)",
  body: Type.Ref(SearchAvailablePhoneNumbersOptions),
  response: Type.Ref(AvailablePhoneNumbersResult),
  handler: async ({ body }, { phoneInventory }) => {
    const { items, warning } = await phoneInventory.search(body);
    return {
      count: items.length,
      items: items.map((item) => ({
        ...item, lineType: null, carrierName: null, mobileCountryCode: null, mobileNetworkCode: null, providerLabel: SIMULATED_PROVIDER,
      })),
      warning,
    };
  },
});

export const createPhoneProvisioningJob = phoneInventoryOperation({
  operationId: 'createPhoneProvisioningJob', method: 'POST', path: '/phone/provisioning/jobs',
  summary: 'Allocate the numbers asked for to the caller, at once; the job (COMPLETED, PARTIAL or FAILED) records each outcome',
  body: Type.Ref(CreatePhoneProvisioningJobOptions),
  response: Type.Ref(PhoneProvisioningJobDto),
  handler: async ({ tenantId, body }, { phoneInventory }) => toProvisioningJobDto(await phoneInventory.createJob(tenantId, body)),
});

export const getPhoneProvisioningJob = phoneInventoryOperation({
  operationId: 'getPhoneProvisioningJob', method: 'GET', path: '/phone/provisioning/jobs/{jobId}',
  summary: 'A provisioning job of the caller and its items',
  params: Type.Object({ jobId: Uuid }),
  response: Type.Ref(PhoneProvisioningJobDto),
  handler: async ({ tenantId, params }, { phoneInventory }) => toProvisioningJobDto(await phoneInventory.getJob(tenantId, params.jobId)),
});
