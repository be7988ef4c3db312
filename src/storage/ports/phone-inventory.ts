/**
 * Storage ports of the simulated carrier's inventory (src/modules/phone-inventory): releases
 * of numbers, provisioning jobs, counts over the numbers held, the account's SMS consent flag
 * and emergency addresses.
 */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';
import type { PhoneNumberRecord } from './phone-numbers.js';

export interface PhoneNumberReleaseRecord {
  id: string;
  /** who released it */
  tenantId: string;
  /** the released number's id (that number no longer exists) */
  phoneId: string;
  phoneNumber: string;
  phoneCountry: string;
  name: string | null;
  /** when it was released */
  createdAt: Date;
}

export interface PhoneNumberReleaseRepository {
  /**
   * Deletes the tenant's number and records its release, in one transaction. Undefined when
   * the tenant has no such number (nothing changes).
   */
  release(tenantId: string, phoneId: string, releaseId: string, at: Date): Promise<PhoneNumberReleaseRecord | undefined>;
  /** every number of the tenant released at once, one release each; how many */
  releaseAll(tenantId: string, at: Date): Promise<number>;
  findById(tenantId: string, id: string): Promise<PhoneNumberReleaseRecord | undefined>;
  page(tenantId: string, page: PageRequest): Promise<Slice<PhoneNumberReleaseRecord>>;
  /** false when there was no such release */
  delete(tenantId: string, id: string): Promise<boolean>;
}

export type ProvisioningItemStatus = 'PROVISIONED' | 'UNAVAILABLE' | 'FAILED';
export type ProvisioningJobStatus = 'COMPLETED' | 'PARTIAL' | 'FAILED';

export interface ProvisioningJobItemRecord {
  id: string;
  phoneNumber: string;
  providerLabel: string | null;
  status: ProvisioningItemStatus;
  /** the number it became (PROVISIONED) */
  phoneId: string | null;
  failureMessage: string | null;
}

export interface ProvisioningJobRecord {
  id: string;
  tenantId: string;
  phoneCountry: string;
  phoneVariant: string | null;
  status: ProvisioningJobStatus;
  createdAt: Date;
  updatedAt: Date;
  /** in the order they were asked for */
  items: ProvisioningJobItemRecord[];
}

export interface ProvisioningJobRepository {
  /** the job and its items in one transaction */
  create(job: ProvisioningJobRecord): Promise<void>;
  findById(tenantId: string, id: string): Promise<ProvisioningJobRecord | undefined>;
}

/** A first and last number (E.164 of the same length), as the configured ranges. */
export interface NumberSpan {
  first: string;
  last: string;
}

/** Counts and reads over the numbers held, for the inventory's answers. */
export interface PhoneInventoryRepository {
  /** how many numbers within these spans anyone in the service holds (spans must not overlap) */
  countTakenIn(spans: NumberSpan[]): Promise<number>;
  /** the tenant's numbers per country */
  countByCountry(tenantId: string): Promise<Array<{ phoneCountry: string; count: number }>>;
  /** the tenant's numbers in creation order, `limit` after the `after` (creation time, id) key */
  listAfter(tenantId: string, after: { createdAt: Date; id: string } | null, limit: number): Promise<PhoneNumberRecord[]>;
}

export interface EmergencyAddressRecord {
  id: string;
  tenantId: string;
  displayName: string;
  customerName: string;
  address1: string;
  city: string;
  region: string;
  postalCode: string;
  phoneCountry: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface PhoneAccountRepository {
  /** the account's SMS consent flag; undefined when never set */
  consent(tenantId: string): Promise<boolean | undefined>;
  setConsent(tenantId: string, consented: boolean, at: Date): Promise<void>;
  createEmergencyAddress(address: EmergencyAddressRecord): Promise<void>;
  emergencyAddresses(tenantId: string): Promise<EmergencyAddressRecord[]>;
  findEmergencyAddress(tenantId: string, id: string): Promise<EmergencyAddressRecord | undefined>;
  /** false when there was no such address */
  deleteEmergencyAddress(tenantId: string, id: string): Promise<boolean>;
}
