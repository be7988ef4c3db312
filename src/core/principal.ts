/** Who is calling: resolved from the API key by a transport, passed to services. */
export interface Principal {
  userId: string;
  /** Every row a user creates carries this id; today a tenant is one user. */
  tenantId: string;
  email: string;
  /** a server administrator (the admin API) */
  isAdmin: boolean;
  apiKeyId: string;
  /** the caller's organisation, if any (its members share team inboxes; spec §2.2) */
  organizationId?: string | null;
  /** the caller's role in it: only ADMINs may change other members' team inboxes */
  orgRole?: 'ADMIN' | 'MEMBER' | null;
  /**
   * An agent-scoped key's limits (modules/api-keys/permissions.ts names the permissions):
   * inboxIds null = every inbox of the owner. Absent or null = a full key.
   */
  keyScope?: { readonly permissions: readonly string[]; readonly inboxIds: readonly string[] | null } | null;
}
