/** Storage port of organisations and their members (users with a role). */
import type { OrgRole, UserRecord } from './users.js';

export interface OrganizationRecord {
  id: string;
  /** unique, lower case; names the organisation in SCIM paths */
  slug: string;
  name: string | null;
  createdAt: Date;
}

export interface OrganizationRepository {
  /** false when the slug is taken */
  create(org: OrganizationRecord): Promise<boolean>;
  findById(id: string): Promise<OrganizationRecord | undefined>;
  findBySlug(slug: string): Promise<OrganizationRecord | undefined>;
  list(): Promise<OrganizationRecord[]>;
  /** deletes the organisation; its members stay, outside any organisation */
  delete(id: string): Promise<boolean>;
  /** puts a user in the organisation with a role (moving it from any other); false when no such user */
  setMember(organizationId: string, userId: string, role: OrgRole): Promise<boolean>;
  /** takes a user out of the organisation; false when it was not a member */
  removeMember(organizationId: string, userId: string): Promise<boolean>;
  /** the organisation's members, oldest first */
  members(organizationId: string): Promise<UserRecord[]>;
  /** the ids of every member: the tenants whose team inboxes the organisation shares */
  memberIds(organizationId: string): Promise<string[]>;
  /** activates or deactivates a user (its keys are refused while inactive); false when no such user */
  setActive(userId: string, active: boolean): Promise<boolean>;
}
