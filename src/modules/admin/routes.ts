import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toPage, pageRequest } from '../../core/paging.js';
import type { ApiKeyRecord, UserRecord } from '../../storage/ports.js';
import { PageQuery, Uuid } from '../shared/schemas.js';
import type { UserService } from '../user/user.service.js';
import { AdminUser, ApiKeyInfo, CreatedUser, CreateUserOptions, IssuedApiKey, PageAdminUser } from './admin.schemas.js';

const TAGS = ['Admin'];
const adminOnly = { admin: true };
const UserIdParams = Type.Object({ userId: Uuid });

const toAdminUser = (u: UserRecord) => ({
  id: u.id, email: u.email, name: u.name, isAdmin: u.isAdmin, createdAt: u.createdAt.toISOString(),
});
const toKeyInfo = (k: ApiKeyRecord) => ({
  id: k.id, userId: k.tenantId, keyPrefix: k.keyPrefix,
  createdAt: k.createdAt.toISOString(), revokedAt: k.revokedAt?.toISOString() ?? null,
});

/** Tenant management for the admin key. Not part of the MailSlurp API (it has sign-up instead). */
export const adminRoutes: FastifyPluginAsyncTypebox<{ users: UserService }> = async (app, { users }) => {
  app.post('/admin/users', {
    config: adminOnly,
    schema: {
      operationId: 'adminCreateUser', tags: TAGS, summary: 'Create a user (a tenant) and its first API key',
      body: Type.Ref(CreateUserOptions),
      response: { 201: Type.Ref(CreatedUser) },
    },
  }, async (request, reply) => {
    const { user, key } = await users.createUser(request.body);
    return reply.status(201).send({ ...toAdminUser(user), apiKey: key.apiKey, apiKeyId: key.record.id });
  });

  app.get('/admin/users', {
    config: adminOnly,
    schema: {
      operationId: 'adminListUsers', tags: TAGS, summary: 'Page through users',
      querystring: Type.Object(PageQuery),
      response: { 200: Type.Ref(PageAdminUser) },
    },
  }, async (request) => {
    const page = pageRequest(request.query);
    const slice = await users.listUsers(page);
    return toPage(slice.items.map(toAdminUser), slice.total, page);
  });

  app.get('/admin/users/:userId', {
    config: adminOnly,
    schema: {
      operationId: 'adminGetUser', tags: TAGS, summary: 'Get a user',
      params: UserIdParams,
      response: { 200: Type.Ref(AdminUser) },
    },
  }, async (request) => toAdminUser(await users.getUser(request.params.userId)));

  app.post('/admin/users/:userId/api-keys', {
    config: adminOnly,
    schema: {
      operationId: 'adminCreateApiKey', tags: TAGS, summary: 'Issue another API key for a user',
      params: UserIdParams,
      response: { 201: Type.Ref(IssuedApiKey) },
    },
  }, async (request, reply) => {
    const { record, apiKey } = await users.issueKey(request.params.userId);
    return reply.status(201).send({ id: record.id, userId: record.tenantId, apiKey, createdAt: record.createdAt.toISOString() });
  });

  app.get('/admin/users/:userId/api-keys', {
    config: adminOnly,
    schema: {
      operationId: 'adminListApiKeys', tags: TAGS, summary: "A user's API keys (prefixes only, never the keys)",
      params: UserIdParams,
      response: { 200: Type.Array(Type.Ref(ApiKeyInfo)) },
    },
  }, async (request) => (await users.listKeys(request.params.userId)).map(toKeyInfo));

  app.delete('/admin/users/:userId/api-keys/:keyId', {
    config: adminOnly,
    schema: {
      operationId: 'adminRevokeApiKey', tags: TAGS, summary: 'Revoke an API key; it stops working at once',
      params: Type.Object({ userId: Uuid, keyId: Uuid }),
      response: { 204: { type: 'null', description: 'Revoked' } },
    },
  }, async (request, reply) => {
    await users.revokeKey(request.params.userId, request.params.keyId);
    return reply.status(204).send();
  });
};
