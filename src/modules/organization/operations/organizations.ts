import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';
import { ApiKeyInfo, IssuedApiKey } from '../../admin/admin.schemas.js';
import { toKeyInfo } from '../../admin/operations/define.js';
import { CreateOrganizationOptions, Organization, OrganizationMember, SetOrganizationMemberOptions } from '../organization.schemas.js';
import { MemberParams, OrganizationIdParams, organizationAdminOperation, organizationMembersOperation, toMember, toOrganization } from './define.js';

export const adminCreateOrganization = organizationAdminOperation({
  operationId: 'adminCreateOrganization', method: 'POST', path: '/admin/organizations', access: 'admin',
  summary: 'Create an organisation (its slug names it in SCIM paths)',
  body: Type.Ref(CreateOrganizationOptions), status: 201, response: Type.Ref(Organization),
  handler: async ({ body }, { organizations }) => toOrganization(await organizations.create(body)),
});

export const adminListOrganizations = organizationAdminOperation({
  operationId: 'adminListOrganizations', method: 'GET', path: '/admin/organizations', access: 'admin',
  summary: 'Every organisation, oldest first',
  response: Type.Array(Type.Ref(Organization)),
  handler: async (_call, { organizations }) => (await organizations.list()).map(toOrganization),
});

export const adminGetOrganization = organizationAdminOperation({
  operationId: 'adminGetOrganization', method: 'GET', path: '/admin/organizations/{organizationId}', access: 'admin',
  summary: 'Get an organisation',
  params: OrganizationIdParams, response: Type.Ref(Organization),
  handler: async ({ params }, { organizations }) => toOrganization(await organizations.get(params.organizationId)),
});

export const adminDeleteOrganization = organizationAdminOperation({
  operationId: 'adminDeleteOrganization', method: 'DELETE', path: '/admin/organizations/{organizationId}', access: 'admin',
  summary: 'Delete an organisation and its SCIM groups; its members stay, outside any organisation',
  params: OrganizationIdParams, status: 204,
  handler: async ({ params }, { organizations }) => {
    await organizations.delete(params.organizationId);
  },
});

export const adminListOrganizationMembers = organizationAdminOperation({
  operationId: 'adminListOrganizationMembers', method: 'GET', path: '/admin/organizations/{organizationId}/members', access: 'admin',
  summary: "An organisation's members with their roles, oldest first",
  params: OrganizationIdParams, response: Type.Array(Type.Ref(OrganizationMember)),
  handler: async ({ params }, { organizations }) => (await organizations.members(params.organizationId)).map(toMember),
});

export const adminSetOrganizationMember = organizationAdminOperation({
  operationId: 'adminSetOrganizationMember', method: 'PUT', path: '/admin/organizations/{organizationId}/members/{userId}', access: 'admin',
  summary: 'Put a user in the organisation with a role (moving it from any other), or change its role',
  params: MemberParams, body: Type.Ref(SetOrganizationMemberOptions), response: Type.Ref(OrganizationMember),
  handler: async ({ params, body }, { organizations }) => toMember(await organizations.setMember(params.organizationId, params.userId, body.role)),
});

export const adminRemoveOrganizationMember = organizationAdminOperation({
  operationId: 'adminRemoveOrganizationMember', method: 'DELETE', path: '/admin/organizations/{organizationId}/members/{userId}', access: 'admin',
  summary: 'Take a user out of the organisation (the user and its data stay)',
  params: MemberParams, status: 204,
  handler: async ({ params }, { organizations }) => {
    await organizations.removeMember(params.organizationId, params.userId);
  },
});

const UserIdParams = Type.Object({ userId: Uuid });

export const listOrganizationMembers = organizationMembersOperation({
  operationId: 'listOrganizationMembers', method: 'GET', path: '/organization/members',
  summary: "Your organisation's members (organisation ADMINs only)",
  response: Type.Array(Type.Ref(OrganizationMember)),
  handler: async ({ principal }, { organizations }) => (await organizations.ownMembers(principal)).map(toMember),
});

export const createOrganizationMemberApiKey = organizationMembersOperation({
  operationId: 'createOrganizationMemberApiKey', method: 'POST', path: '/organization/members/{userId}/api-keys',
  summary: 'Issue an API key for a member of your organisation (organisation ADMINs only)',
  params: UserIdParams, status: 201, response: Type.Ref(IssuedApiKey),
  handler: async ({ principal, params }, { organizations }) => {
    const { record, apiKey } = await organizations.issueMemberKey(principal, params.userId);
    return { id: record.id, userId: record.tenantId, apiKey, createdAt: record.createdAt.toISOString() };
  },
});

export const listOrganizationMemberApiKeys = organizationMembersOperation({
  operationId: 'listOrganizationMemberApiKeys', method: 'GET', path: '/organization/members/{userId}/api-keys',
  summary: "A member's API keys (prefixes only; organisation ADMINs only)",
  params: UserIdParams, response: Type.Array(Type.Ref(ApiKeyInfo)),
  handler: async ({ principal, params }, { organizations }) => (await organizations.listMemberKeys(principal, params.userId)).map(toKeyInfo),
});

export const revokeOrganizationMemberApiKey = organizationMembersOperation({
  operationId: 'revokeOrganizationMemberApiKey', method: 'DELETE', path: '/organization/members/{userId}/api-keys/{keyId}',
  summary: "Revoke a member's API key; it stops working at once (organisation ADMINs only)",
  params: Type.Object({ userId: Uuid, keyId: Uuid }), status: 204,
  handler: async ({ principal, params }, { organizations }) => {
    await organizations.revokeMemberKey(principal, params.userId, params.keyId);
  },
});
