import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';
import { ApiKeyInfo, IssuedApiKey } from '../admin.schemas.js';
import { CreateApiKeyOptions } from '../../api-keys/api-keys.schemas.js';
import { adminOperation, toKeyInfo, UserIdParams } from './define.js';

export const adminCreateApiKey = adminOperation({
  operationId: 'adminCreateApiKey', method: 'POST', path: '/admin/users/{userId}/api-keys', access: 'admin',
  summary: 'Issue another API key for a user; with permissions (and inboxIds), an agent-scoped key',
  params: UserIdParams,
  body: Type.Ref(CreateApiKeyOptions),
  optionalBody: true,
  status: 201,
  response: Type.Ref(IssuedApiKey),
  handler: async ({ params, body }, { users, apiKeys }) => {
    await users.getUser(params.userId);
    const { record, apiKey } = await apiKeys.create(params.userId, body ?? {});
    return {
      id: record.id, userId: record.tenantId, apiKey, createdAt: record.createdAt.toISOString(),
      name: record.name ?? null, scope: record.scope ?? null, expiresAt: record.expiresAt?.toISOString() ?? null,
    };
  },
});

export const adminListApiKeys = adminOperation({
  operationId: 'adminListApiKeys', method: 'GET', path: '/admin/users/{userId}/api-keys', access: 'admin',
  summary: "A user's API keys (prefixes only, never the keys)",
  params: UserIdParams,
  response: Type.Array(Type.Ref(ApiKeyInfo)),
  handler: async ({ params }, { users }) => (await users.listKeys(params.userId)).map(toKeyInfo),
});

export const adminRevokeApiKey = adminOperation({
  operationId: 'adminRevokeApiKey', method: 'DELETE', path: '/admin/users/{userId}/api-keys/{keyId}', access: 'admin',
  summary: 'Revoke an API key; it stops working at once',
  params: Type.Object({ userId: Uuid, keyId: Uuid }),
  status: 204,
  handler: async ({ params }, { users }) => {
    await users.revokeKey(params.userId, params.keyId);
  },
});
