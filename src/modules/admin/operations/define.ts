import { Type } from '@sinclair/typebox';
import { operationsOf } from '../../../core/operation.js';
import type { ApiKeyRecord, UserRecord } from '../../../storage/ports.js';
import { Uuid } from '../../shared/schemas.js';
import type { Services } from '../../services.js';

/** Tenant management for the admin key. Not part of the MailSlurp API (it has sign-up instead). */
export const adminOperation = operationsOf<Services>('Admin');

export const UserIdParams = Type.Object({ userId: Uuid });

export const toAdminUser = (u: UserRecord) => ({
  id: u.id, email: u.email, name: u.name, isAdmin: u.isAdmin, createdAt: u.createdAt.toISOString(),
});
export const toKeyInfo = (k: ApiKeyRecord) => ({
  id: k.id, userId: k.tenantId, keyPrefix: k.keyPrefix,
  createdAt: k.createdAt.toISOString(), revokedAt: k.revokedAt?.toISOString() ?? null,
  name: k.name ?? null, scope: k.scope ?? null, expiresAt: k.expiresAt?.toISOString() ?? null,
});
