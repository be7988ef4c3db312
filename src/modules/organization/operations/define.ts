import { Type } from '@sinclair/typebox';
import { operationsOf } from '../../../core/operation.js';
import type { OrganizationRecord, UserRecord } from '../../../storage/ports.js';
import { Uuid } from '../../shared/schemas.js';
import type { Services } from '../../services.js';

/** Organisations, for the server admin. Not part of the MailSlurp API. */
export const organizationAdminOperation = operationsOf<Services>('OrganizationAdmin');
/** An organisation's ADMIN members managing its members. Not part of the MailSlurp API. */
export const organizationMembersOperation = operationsOf<Services>('OrganizationMembers');

export const OrganizationIdParams = Type.Object({ organizationId: Uuid });
export const MemberParams = Type.Object({ organizationId: Uuid, userId: Uuid });

export const toOrganization = (o: OrganizationRecord) => ({ id: o.id, slug: o.slug, name: o.name, createdAt: o.createdAt.toISOString() });
export const toMember = (u: UserRecord) => ({
  userId: u.id, email: u.email, name: u.name, role: u.orgRole ?? 'MEMBER', active: u.active, createdAt: u.createdAt.toISOString(),
});
