import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, PageOf, Uuid } from '../shared/schemas.js';
import { ApiKeyScopeDto } from '../api-keys/api-keys.schemas.js';

export const AdminUser = Type.Object(
  { id: Uuid, email: Type.String(), name: Nullable(Type.String()), isAdmin: Type.Boolean(), createdAt: DateTime },
  { $id: 'AdminUser' },
);
export const CreatedUser = Type.Object(
  {
    id: Uuid, email: Type.String(), name: Nullable(Type.String()), isAdmin: Type.Boolean(), createdAt: DateTime,
    apiKey: Type.String({ description: 'shown only in this response; store it now' }),
    apiKeyId: Uuid,
  },
  { $id: 'CreatedUser' },
);
export const ApiKeyInfo = Type.Object(
  {
    id: Uuid, userId: Uuid, keyPrefix: Type.String({ description: 'first characters of the key' }),
    createdAt: DateTime, revokedAt: Nullable(DateTime),
    name: Type.Optional(Nullable(Type.String())),
    scope: Type.Optional(Nullable(Type.Ref(ApiKeyScopeDto))),
    expiresAt: Type.Optional(Nullable(DateTime)),
  },
  { $id: 'ApiKeyInfo' },
);
export const IssuedApiKey = Type.Object(
  {
    id: Uuid, userId: Uuid, apiKey: Type.String({ description: 'shown only in this response' }), createdAt: DateTime,
    name: Type.Optional(Nullable(Type.String())),
    scope: Type.Optional(Nullable(Type.Ref(ApiKeyScopeDto))),
    expiresAt: Type.Optional(Nullable(DateTime)),
  },
  { $id: 'IssuedApiKey' },
);
export const PageAdminUser = PageOf(Type.Ref(AdminUser), 'PageAdminUser');
export const CreateUserOptions = Type.Object(
  { email: Type.String({ minLength: 3 }), name: Type.Optional(Nullable(Type.String())) },
  { $id: 'CreateUserOptions' },
);

export const adminModelSchemas = [AdminUser, CreatedUser, ApiKeyInfo, IssuedApiKey, PageAdminUser, CreateUserOptions];
