/** Storage port of SCIM 2.0 users (organisation members) and groups. */
import type { UserRecord } from './users.js';

/** A member of an organisation as SCIM sees it: the user, and what SCIM stored beside it (if anything). */
export interface ScimUserRecord {
  user: UserRecord;
  /** null for a member that SCIM never wrote (added by an admin): its email stands in */
  userName: string | null;
  externalId: string | null;
  /** the resource's other attributes (name, displayName, emails, title, ...), as SCIM sent them */
  attributes: Record<string, unknown>;
  /** 0 until SCIM first writes the user */
  version: number;
  updatedAt: Date | null;
}

export interface ScimUserWrite {
  /** the user's email (users.email) */
  email: string;
  /** users.name */
  name: string | null;
  active: boolean;
  userName: string;
  externalId: string | null;
  attributes: Record<string, unknown>;
  at: Date;
}

export interface ScimGroupRecord {
  id: string;
  organizationId: string;
  displayName: string;
  externalId: string | null;
  /** user ids, all members of the organisation */
  memberIds: string[];
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface ScimGroupWrite {
  displayName: string;
  externalId: string | null;
  memberIds: string[];
  at: Date;
}

/** Why a write did not happen: another user holds the userName or the email, or the version moved on. */
export type ScimWriteOutcome = 'ok' | 'userNameTaken' | 'emailTaken' | 'stale' | 'missing';

export interface ScimRepository {
  /** every member of the organisation, oldest first */
  users(organizationId: string): Promise<ScimUserRecord[]>;
  user(organizationId: string, userId: string): Promise<ScimUserRecord | undefined>;
  /** creates the user (a MEMBER of the organisation) and its SCIM side in one transaction */
  createUser(organizationId: string, user: { id: string; isAdmin: false; createdAt: Date }, write: ScimUserWrite): Promise<ScimWriteOutcome>;
  /** replaces the user's SCIM side (and email, name, active) when its version is still `expectedVersion`; the version becomes +1 */
  updateUser(organizationId: string, userId: string, expectedVersion: number, write: ScimUserWrite): Promise<ScimWriteOutcome>;
  /** deletes the user and everything it owns (every table's rows cascade from users) */
  deleteUser(organizationId: string, userId: string): Promise<boolean>;
  /** the organisation's groups, oldest first */
  groups(organizationId: string): Promise<ScimGroupRecord[]>;
  group(organizationId: string, groupId: string): Promise<ScimGroupRecord | undefined>;
  /** groups the user is a member of */
  groupsOf(userId: string): Promise<Array<{ id: string; displayName: string }>>;
  createGroup(group: ScimGroupRecord): Promise<void>;
  /** replaces the group when its version is still `expectedVersion`; the version becomes +1 */
  updateGroup(organizationId: string, groupId: string, expectedVersion: number, write: ScimGroupWrite): Promise<ScimWriteOutcome>;
  deleteGroup(organizationId: string, groupId: string): Promise<boolean>;
}
