/** Tables of phone pools and their leases (migration 0032). */

export interface PhonePoolsTable {
  id: string;
  tenant_id: string;
  /** unique per tenant */
  name: string;
  description: string | null;
  created_at: number;
  updated_at: number;
}

export interface PhonePoolMembersTable {
  id: string;
  tenant_id: string;
  pool_id: string;
  phone_id: string;
  created_at: number;
}

/** One row per leased number (unique phone_id); expired when expires_at has passed. */
export interface PhonePoolLeasesTable {
  id: string;
  tenant_id: string;
  pool_id: string;
  phone_id: string;
  lease_name: string | null;
  lease_owner: string | null;
  leased_at: number;
  expires_at: number;
}
