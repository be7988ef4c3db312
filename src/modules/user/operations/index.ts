import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';
import { UserInfoDto } from '../user.schemas.js';
import { getEntityAutomations, getEntityEvents, getEntityFavorites, getJsonPropertyAsString } from './entities.js';

export const getUserInfo = operationsOf<Services>('UserController')({
  operationId: 'getUserInfo', method: 'GET', path: '/user/info',
  summary: 'The account behind the API key',
  response: UserInfoDto,
  handler: async ({ principal }, { users }) => {
    const user = await users.getUser(principal.userId);
    return {
      id: user.id,
      emailAddress: user.email,
      accountState: 'ACTIVE' as const,
      accountType: 'SOLO' as const,
      createdAt: user.createdAt.toISOString(),
    };
  },
});

/** UserController (the part that exists here). */
export const userOperations = [getUserInfo, getEntityAutomations, getEntityEvents, getEntityFavorites, getJsonPropertyAsString];
