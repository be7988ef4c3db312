import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';
import { ApiKeyDto, ApiKeyPermissionDto, CreateApiKeyOptions, CreatedApiKeyDto } from '../api-keys.schemas.js';
import { PERMISSIONS } from '../permissions.js';
import { apiKeyOperation, toApiKeyDto, toCreatedApiKeyDto } from './define.js';

const KeyIdParams = Type.Object({ keyId: Uuid });

export const getApiKeys = apiKeyOperation({
  operationId: 'getApiKeys', method: 'GET', path: '/api-keys',
  summary: "The caller's API keys, full and scoped (prefixes and scopes, never the keys)",
  response: Type.Array(Type.Ref(ApiKeyDto)),
  handler: async ({ tenantId }, { apiKeys }) => (await apiKeys.list(tenantId)).map(toApiKeyDto),
});

export const createApiKey = apiKeyOperation({
  operationId: 'createApiKey', method: 'POST', path: '/api-keys',
  summary: 'Create an API key, optionally limited to permissions and inboxes (an agent-scoped key); the key is shown only in this answer',
  description: 'A scoped caller may only create keys with no more permissions and inboxes than it holds (403).',
  body: Type.Ref(CreateApiKeyOptions),
  status: 201,
  response: Type.Ref(CreatedApiKeyDto),
  handler: async ({ tenantId, principal, body }, { apiKeys }) => {
    const { record, apiKey } = await apiKeys.create(tenantId, body, principal);
    return toCreatedApiKeyDto(record, apiKey);
  },
});

export const getApiKeyPermissions = apiKeyOperation({
  operationId: 'getApiKeyPermissions', method: 'GET', path: '/api-keys/permissions',
  summary: 'Every permission an agent-scoped key may hold, with what it allows',
  response: Type.Array(Type.Ref(ApiKeyPermissionDto)),
  handler: () => Object.entries(PERMISSIONS).map(([name, description]) => ({ name, description })),
});

export const getApiKey = apiKeyOperation({
  operationId: 'getApiKey', method: 'GET', path: '/api-keys/{keyId}',
  summary: 'One API key of the caller (prefix, scope, dates; never the key)',
  params: KeyIdParams,
  response: Type.Ref(ApiKeyDto),
  handler: async ({ tenantId, params }, { apiKeys }) => toApiKeyDto(await apiKeys.get(tenantId, params.keyId)),
});

export const revokeApiKey = apiKeyOperation({
  operationId: 'revokeApiKey', method: 'DELETE', path: '/api-keys/{keyId}',
  summary: 'Revoke an API key of the caller; it stops working at once',
  params: KeyIdParams,
  status: 204,
  handler: async ({ tenantId, params }, { apiKeys }) => {
    await apiKeys.revoke(tenantId, params.keyId);
  },
});

export const apiKeyOperations = [getApiKeys, createApiKey, getApiKeyPermissions, getApiKey, revokeApiKey];
