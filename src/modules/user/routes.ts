import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { principalOf } from '../../transports/http/auth.js';
import type { UserService } from './user.service.js';
import { UserInfoDto } from './user.schemas.js';

export const userRoutes: FastifyPluginAsyncTypebox<{ users: UserService }> = async (app, { users }) => {
  app.get('/user/info', {
    schema: {
      operationId: 'getUserInfo',
      tags: ['UserController'],
      summary: 'The account behind the API key',
      response: { 200: UserInfoDto },
    },
  }, async (request) => {
    const user = await users.getUser(principalOf(request).userId);
    return {
      id: user.id,
      emailAddress: user.email,
      accountState: 'ACTIVE' as const,
      accountType: 'SOLO' as const,
      createdAt: user.createdAt.toISOString(),
    };
  });
};
