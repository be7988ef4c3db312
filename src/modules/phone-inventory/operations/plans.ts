import { Type } from '@sinclair/typebox';
import { phoneInventoryOperation } from './define.js';
import { PhonePlanAvailability, PhonePlanDto } from '../phone-inventory.schemas.js';

export const getPhonePlans = phoneInventoryOperation({
  operationId: 'getPhonePlans', method: 'GET', path: '/phone/plans',
  summary: 'One plan per country configured in PIGEONHOLE_PHONE_RANGES; the simulated carrier never charges anything',
  response: Type.Array(Type.Ref(PhonePlanDto)),
  handler: async ({ tenantId }, { phoneInventory }) =>
    (await phoneInventory.plans(tenantId)).map((plan) => ({ ...plan, createdAt: plan.createdAt.toISOString() })),
});

export const getPhonePlansAvailability = phoneInventoryOperation({
  operationId: 'getPhonePlansAvailability', method: 'GET', path: '/phone/plans/availability',
  summary: 'Countries with free numbers left in their configured ranges (counted); the others are disabled',
  response: Type.Ref(PhonePlanAvailability),
  handler: async (_call, { phoneInventory }) => {
    const { available, disabled } = await phoneInventory.availability();
    return {
      items: available.map(({ phoneCountry, freeNumbers, variants }) => ({
        phoneCountry, availabilityStatus: 'AVAILABLE' as const, freeNumbers, ...(variants.length > 0 ? { variants } : {}),
      })),
      disabledPhoneCountries: disabled,
    };
  },
});
