import { Type } from '@sinclair/typebox';
import { pageRequest, toPage } from '../../../core/paging.js';
import { PageQuery } from '../../shared/schemas.js';
import { AdminUser, CreatedUser, CreateUserOptions, PageAdminUser } from '../admin.schemas.js';
import { adminOperation, toAdminUser, UserIdParams } from './define.js';

export const adminCreateUser = adminOperation({
  operationId: 'adminCreateUser', method: 'POST', path: '/admin/users', access: 'admin',
  summary: 'Create a user (a tenant) and its first API key',
  body: Type.Ref(CreateUserOptions),
  status: 201,
  response: Type.Ref(CreatedUser),
  handler: async ({ body }, { users }) => {
    const { user, key } = await users.createUser(body);
    return { ...toAdminUser(user), apiKey: key.apiKey, apiKeyId: key.record.id };
  },
});

export const adminListUsers = adminOperation({
  operationId: 'adminListUsers', method: 'GET', path: '/admin/users', access: 'admin',
  summary: 'Page through users',
  query: Type.Object(PageQuery),
  response: Type.Ref(PageAdminUser),
  handler: async ({ query }, { users }) => {
    const page = pageRequest(query);
    const slice = await users.listUsers(page);
    return toPage(slice.items.map(toAdminUser), slice.total, page);
  },
});

export const adminGetUser = adminOperation({
  operationId: 'adminGetUser', method: 'GET', path: '/admin/users/{userId}', access: 'admin',
  summary: 'Get a user',
  params: UserIdParams,
  response: Type.Ref(AdminUser),
  handler: async ({ params }, { users }) => toAdminUser(await users.getUser(params.userId)),
});
