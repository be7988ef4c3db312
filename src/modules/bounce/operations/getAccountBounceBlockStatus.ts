import { bounceOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { AccountBounceBlockDto } from '../reputation.schemas.js';

export const getAccountBounceBlockStatus = bounceOperation({
  operationId: 'getAccountBounceBlockStatus', method: 'GET', path: '/bounce/account-block',
  summary: "Whether the caller's bounces or complaints pass a threshold that blocks sending",
  response: Type.Ref(AccountBounceBlockDto),
  handler: async ({ tenantId }, { reputation }) => {
    const { reasons: _reasons, ...status } = await reputation.blockStatus(tenantId);
    return { isFrozen: false, ...status };
  },
});
