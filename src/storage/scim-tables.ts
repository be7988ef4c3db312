/** Kysely table types of SCIM 2.0 (migration 0039). */
export interface ScimUsersTable {
  user_id: string;
  user_name: string;
  /** lower-cased userName: unique (SCIM userName is case-insensitive) */
  user_name_lower: string;
  external_id: string | null;
  /** JSON: the resource's other attributes (name, displayName, emails, title, ...) */
  resource: string;
  version: number;
  updated_at: number;
}

export interface ScimGroupsTable {
  id: string;
  organization_id: string;
  display_name: string;
  external_id: string | null;
  version: number;
  created_at: number;
  updated_at: number;
}

export interface ScimGroupMembersTable {
  group_id: string;
  user_id: string;
}
