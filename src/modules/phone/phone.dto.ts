import type { Static } from '@sinclair/typebox';
import type { PhoneNumberRecord } from '../../storage/ports.js';
import type { PhoneNumberDto, PhoneNumberProjection } from './phone.schemas.js';

type Country = Static<typeof PhoneNumberDto>['phoneCountry'];

/** Carrier intelligence of a simulated number: there is none, so every field is null. */
const NO_CARRIER = { lineType: null, carrierName: null, mobileCountryCode: null, mobileNetworkCode: null, providerLabel: null };

export const toPhoneNumberDto = (p: PhoneNumberRecord): Static<typeof PhoneNumberDto> => ({
  id: p.id,
  name: p.name,
  description: p.description,
  tags: p.tags,
  userId: p.tenantId,
  complianceAddress: null,
  emergencyAddress: null,
  phoneNumber: p.phoneNumber,
  phoneCountry: p.phoneCountry as Country,
  phonePlan: 'SIMULATED',
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  favourite: p.favourite,
  ...NO_CARRIER,
});

export const toPhoneNumberProjection = (p: PhoneNumberRecord): Static<typeof PhoneNumberProjection> => ({
  name: p.name,
  id: p.id,
  tags: p.tags,
  userId: p.tenantId,
  createdAt: p.createdAt.toISOString(),
  phoneCountry: p.phoneCountry as Country,
  phoneNumber: p.phoneNumber,
  ...NO_CARRIER,
});
