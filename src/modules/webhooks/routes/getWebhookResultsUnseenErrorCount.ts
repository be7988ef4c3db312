import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { UnseenErrorCountDto } from '../webhooks.schemas.js';
import { TAG, type WebhookRoute } from './kit.js';

export const getWebhookResultsUnseenErrorCount: WebhookRoute = (app, { webhooks }) =>
  app.get('/webhooks/results/unseen-count', {
    schema: {
      operationId: 'getWebhookResultsUnseenErrorCount', tags: TAG,
      summary: 'How many failed attempts (BAD_RESPONSE, EXCEPTION, EXHAUSTED) have not been read',
      response: { 200: Type.Ref(UnseenErrorCountDto) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return { count: await webhooks.unseenErrorCount(tenantId) };
  });
