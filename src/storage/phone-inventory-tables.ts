/**
 * Table types of the simulated carrier's inventory (migration 0033): number releases,
 * provisioning jobs, the account's SMS consent flag and emergency addresses. They join the
 * Database interface of schema.ts by declaration merging, so that file needs no edit.
 */

/** A released (deleted) phone number: which, whose, when (migration 0033). */
export interface PhoneNumberReleasesTable {
  id: string;
  tenant_id: string;
  /** the released number's id (its row is gone) */
  phone_id: string;
  phone_number: string;
  phone_country: string;
  name: string | null;
  created_at: number;
}

/** A provisioning job (migration 0033); its counts are those of its items. */
export interface PhoneProvisioningJobsTable {
  id: string;
  tenant_id: string;
  phone_country: string;
  phone_variant: string | null;
  /** COMPLETED | PARTIAL | FAILED */
  status: string;
  created_at: number;
  updated_at: number;
}

/** One number asked for in a provisioning job (migration 0033). */
export interface PhoneProvisioningJobItemsTable {
  id: string;
  job_id: string;
  position: number;
  phone_number: string;
  provider_label: string | null;
  /** PROVISIONED | UNAVAILABLE | FAILED */
  status: string;
  phone_id: string | null;
  failure_message: string | null;
}

/** The account's SMS consent flag (migration 0033). */
export interface PhoneConsentsTable {
  tenant_id: string;
  /** 0/1 */
  consented: number;
  updated_at: number;
}

/** An emergency address of the account (migration 0033). */
export interface EmergencyAddressesTable {
  id: string;
  tenant_id: string;
  display_name: string;
  customer_name: string;
  address1: string;
  city: string;
  region: string;
  postal_code: string;
  phone_country: string;
  created_at: number;
  updated_at: number;
}

export interface PhoneInventoryTables {
  phone_number_releases: PhoneNumberReleasesTable;
  phone_provisioning_jobs: PhoneProvisioningJobsTable;
  phone_provisioning_job_items: PhoneProvisioningJobItemsTable;
  phone_consents: PhoneConsentsTable;
  emergency_addresses: EmergencyAddressesTable;
}

declare module './schema.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends PhoneInventoryTables {}
}
