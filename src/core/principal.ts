/** Who is calling: resolved from the API key by a transport, passed to services. */
export interface Principal {
  userId: string;
  /** Every row a user creates carries this id; today a tenant is one user. */
  tenantId: string;
  email: string;
  isAdmin: boolean;
  apiKeyId: string;
}
