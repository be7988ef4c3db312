import {
  adminCreateOrganization, adminDeleteOrganization, adminGetOrganization, adminListOrganizationMembers, adminListOrganizations,
  adminRemoveOrganizationMember, adminSetOrganizationMember, createOrganizationMemberApiKey, listOrganizationMemberApiKeys,
  listOrganizationMembers, revokeOrganizationMemberApiKey,
} from './organizations.js';

/** Organisations (server admin) and an organisation ADMIN's management of its members' keys. */
export const organizationOperations = [
  adminCreateOrganization, adminListOrganizations, adminGetOrganization, adminDeleteOrganization,
  adminListOrganizationMembers, adminSetOrganizationMember, adminRemoveOrganizationMember,
  listOrganizationMembers, createOrganizationMemberApiKey, listOrganizationMemberApiKeys, revokeOrganizationMemberApiKey,
];
