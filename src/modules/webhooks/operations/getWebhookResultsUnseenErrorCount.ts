import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { UnseenErrorCountDto } from '../webhooks.schemas.js';

export const getWebhookResultsUnseenErrorCount = webhookOperation({
  operationId: 'getWebhookResultsUnseenErrorCount', method: 'GET', path: '/webhooks/results/unseen-count',
  summary: 'How many failed attempts (BAD_RESPONSE, EXCEPTION, EXHAUSTED) have not been read',
  response: Type.Ref(UnseenErrorCountDto),
  handler: async ({ tenantId }, { webhooks }) => ({ count: await webhooks.unseenErrorCount(tenantId) }),
});
