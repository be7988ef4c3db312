import type { Static } from '@sinclair/typebox';
import type { EmergencyAddressRecord, PhoneNumberReleaseRecord, ProvisioningJobRecord } from '../../storage/ports.js';
import type {
  EmergencyAddress, EmergencyAddressDto, PhoneNumberReleaseProjection, PhoneProvisioningJobDto,
} from './phone-inventory.schemas.js';
import type { PhoneCountry } from './phone-inventory.service.js';

/** Carrier intelligence of a simulated number: the carrier has none. */
const NO_INTELLIGENCE = { lineType: null, carrierName: null, mobileCountryCode: null, mobileNetworkCode: null };

export const toProvisioningJobDto = (job: ProvisioningJobRecord): Static<typeof PhoneProvisioningJobDto> => {
  const count = (status: string) => job.items.filter((i) => i.status === status).length;
  return {
    id: job.id,
    userId: job.tenantId,
    phoneCountry: job.phoneCountry as PhoneCountry,
    ...(job.phoneVariant ? { phoneVariant: job.phoneVariant as 'LOCAL' | 'MOBILE' | 'TOLL_FREE' } : {}),
    status: job.status,
    requestedCount: job.items.length,
    // done at once: every item was attempted when the job is answered
    attemptedCount: job.items.length,
    succeededCount: count('PROVISIONED'),
    failedCount: count('FAILED'),
    unavailableCount: count('UNAVAILABLE'),
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
    items: job.items.map((item) => ({
      id: item.id,
      phoneNumber: item.phoneNumber,
      providerLabel: item.providerLabel,
      status: item.status,
      ...NO_INTELLIGENCE,
      phoneNumberId: item.phoneId,
      failureMessage: item.failureMessage,
    })),
  };
};

export const toReleaseProjection = (r: PhoneNumberReleaseRecord): Static<typeof PhoneNumberReleaseProjection> => ({
  name: r.name,
  id: r.id,
  userId: r.tenantId,
  createdAt: r.createdAt.toISOString(),
  phoneCountry: r.phoneCountry as PhoneCountry,
  phoneNumber: r.phoneNumber,
});

/** Twilio-style SIDs of the simulated carrier: a prefix and the 32 hex digits of a uuid. */
const sid = (prefix: string, uuid: string): string => `${prefix}${uuid.replace(/-/g, '')}`;

export const toEmergencyAddress = (a: EmergencyAddressRecord): Static<typeof EmergencyAddress> => ({
  id: a.id,
  sid: sid('AD', a.id),
  userId: a.tenantId,
  displayName: a.displayName,
  customerName: a.customerName,
  address1: a.address1,
  city: a.city,
  region: a.region,
  postalCode: a.postalCode,
  phoneCountry: a.phoneCountry as PhoneCountry,
  accountSid: sid('AC', a.tenantId),
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});

export const toEmergencyAddressDto = (a: EmergencyAddressRecord): Static<typeof EmergencyAddressDto> => ({
  id: a.id,
  address1: a.address1,
  phoneCountry: a.phoneCountry as PhoneCountry,
});

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote, a line break or edge spaces. */
export function csvField(value: string | null): string {
  if (value === null) return '';
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export const csvLine = (fields: Array<string | null>): string => `${fields.map(csvField).join(',')}\r\n`;
