/** Storage port of email retention by count and age: account policies and the pruning pass's questions. */

/** An account's own limits; null = none of that kind (the server's setting applies). */
export interface EmailRetentionPolicyRecord {
  tenantId: string;
  maxEmailsPerInbox: number | null;
  maxEmailsPerAccount: number | null;
  maxAgeSeconds: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * What the pass asks. Favourited emails are never candidates and never counted. Every question
 * answers ids only, oldest first and at most `limit` of them: the pass deletes them through the
 * email repository's delete (EmailRepository.deleteWhere, as deleteEmail does), one short
 * transaction per batch.
 */
export interface EmailRetentionRepository {
  findPolicy(tenantId: string): Promise<EmailRetentionPolicyRecord | undefined>;
  /** Creates or replaces the tenant's policy (one per tenant); answers what is stored. */
  savePolicy(record: EmailRetentionPolicyRecord): Promise<EmailRetentionPolicyRecord>;
  deletePolicy(tenantId: string): Promise<boolean>;
  /** Tenants that have a policy row. */
  tenantsWithPolicies(): Promise<string[]>;
  /** Every tenant (when the server itself sets a limit, each one is subject to it). */
  allTenants(): Promise<string[]>;
  /** The tenant's kept emails (favourites excluded) created before `before`, oldest first. */
  olderThan(tenantId: string, before: Date, limit: number): Promise<string[]>;
  /** The tenant's inboxes holding more than `cap` kept emails, with how many they hold. */
  inboxesOver(tenantId: string, cap: number): Promise<Array<{ inboxId: string; count: number }>>;
  /** An inbox's kept emails in the order they were stored (IMAP UID order), oldest first. */
  oldestInInbox(tenantId: string, inboxId: string, limit: number): Promise<string[]>;
  /** How many kept emails the tenant holds over all its inboxes. */
  countKept(tenantId: string): Promise<number>;
  /** The tenant's kept emails over all its inboxes, oldest first (by arrival time). */
  oldestInAccount(tenantId: string, limit: number): Promise<string[]>;
}
