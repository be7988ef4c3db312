import { inboxOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { CountDto } from '../../shared/schemas.js';

export const getInboxCount = inboxOperation({
  operationId: 'getInboxCount', method: 'GET', path: '/inboxes/count',
  summary: 'Number of inboxes the caller has',
  response: Type.Ref(CountDto),
  handler: async ({ tenantId }, { inboxes }) => ({ totalElements: await inboxes.count(tenantId) }),
});
