import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, Uuid } from '../shared/schemas.js';
import { SLUG_PATTERN } from './organization.service.js';

export const OrgRoleSchema = Type.Union([Type.Literal('ADMIN'), Type.Literal('MEMBER')], { $id: 'OrganizationRole' });

export const Organization = Type.Object(
  {
    id: Uuid,
    slug: Type.String({ description: 'names the organisation in SCIM paths: /scim/v2/{slug}' }),
    name: Nullable(Type.String()),
    createdAt: DateTime,
  },
  { $id: 'Organization' },
);
export const CreateOrganizationOptions = Type.Object(
  {
    slug: Type.String({ pattern: SLUG_PATTERN, minLength: 2, maxLength: 63, description: 'lower-case letters, digits and hyphens, 2-63 characters' }),
    name: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  },
  { $id: 'CreateOrganizationOptions' },
);
export const OrganizationMember = Type.Object(
  {
    userId: Uuid, email: Type.String(), name: Nullable(Type.String()),
    role: Type.Ref(OrgRoleSchema),
    active: Type.Boolean({ description: 'false: deactivated (SCIM active=false); its API keys are refused' }),
    createdAt: DateTime,
  },
  { $id: 'OrganizationMember' },
);
export const SetOrganizationMemberOptions = Type.Object({ role: Type.Ref(OrgRoleSchema) }, { $id: 'SetOrganizationMemberOptions' });

export const organizationModelSchemas = [OrgRoleSchema, Organization, CreateOrganizationOptions, OrganizationMember, SetOrganizationMemberOptions];
