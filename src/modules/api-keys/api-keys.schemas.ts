import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, Uuid } from '../shared/schemas.js';
import { PERMISSION_NAMES } from './permissions.js';

/** Most inboxes one key may be limited to (a scope is read on every request of the key). */
export const MAX_SCOPE_INBOXES = 1000;

const PermissionName = Type.Unsafe<string>({ type: 'string', enum: [...PERMISSION_NAMES], description: 'a permission (GET /api-keys/permissions lists them)' });

export const ApiKeyScopeDto = Type.Object(
  {
    permissions: Type.Array(PermissionName),
    inboxIds: Nullable(Type.Array(Uuid, { description: 'null = every inbox of the owner' })),
  },
  { $id: 'ApiKeyScopeDto' },
);

export const ApiKeyDto = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    name: Nullable(Type.String()),
    keyPrefix: Type.String({ description: 'first characters of the key (the key itself is never shown again)' }),
    scope: Nullable(Type.Ref(ApiKeyScopeDto)),
    createdAt: DateTime,
    expiresAt: Nullable(DateTime),
    revokedAt: Nullable(DateTime),
  },
  { $id: 'ApiKeyDto', description: 'An API key without its secret; scope null = a full key' },
);

export const CreatedApiKeyDto = Type.Object(
  {
    id: Uuid,
    userId: Uuid,
    name: Nullable(Type.String()),
    keyPrefix: Type.String(),
    apiKey: Type.String({ description: 'shown only in this response; store it now' }),
    scope: Nullable(Type.Ref(ApiKeyScopeDto)),
    createdAt: DateTime,
    expiresAt: Nullable(DateTime),
  },
  { $id: 'CreatedApiKeyDto' },
);

export const CreateApiKeyOptions = Type.Object(
  {
    name: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    permissions: Type.Optional(Nullable(Type.Array(PermissionName, { maxItems: PERMISSION_NAMES.length, uniqueItems: true,
      description: 'what the key may do; absent or null = a full key (every permission, every inbox)' }))),
    inboxIds: Type.Optional(Nullable(Type.Array(Uuid, { minItems: 1, maxItems: MAX_SCOPE_INBOXES, uniqueItems: true,
      description: 'the only inboxes the key may touch; absent or null = all of the owner\'s' }))),
    expiresAt: Type.Optional(Nullable(DateTime)),
  },
  { $id: 'CreateApiKeyOptions' },
);

export const ApiKeyPermissionDto = Type.Object(
  { name: Type.String(), description: Type.String() },
  { $id: 'ApiKeyPermissionDto' },
);

export const apiKeyModelSchemas = [ApiKeyScopeDto, ApiKeyDto, CreatedApiKeyDto, CreateApiKeyOptions, ApiKeyPermissionDto];
