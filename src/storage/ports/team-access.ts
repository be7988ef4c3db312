/** Storage port of team access: who owns an inbox or an email, across tenants (spec §2.2 team inboxes). */
import type { OrgRole } from './users.js';

/** The owner of an inbox or email, with the organisation it belongs to. */
export interface ResourceOwner {
  /** the owning user (its tenant) */
  tenantId: string;
  /** the owner's organisation; null when it is in none */
  organizationId: string | null;
  orgRole: OrgRole | null;
}

export interface TeamAccessRepository {
  /** the owner of an inbox, whoever it is; undefined when there is no such inbox */
  inboxOwner(inboxId: string): Promise<ResourceOwner | undefined>;
  /** the owner of a received email or, failing that, of a sent-email receipt with this id */
  emailOwner(emailId: string): Promise<ResourceOwner | undefined>;
  /** the owner of a sent-email receipt */
  sentEmailOwner(sentId: string): Promise<ResourceOwner | undefined>;
}
