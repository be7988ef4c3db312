import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { disconnectSignal } from '../../../transports/http/disconnect.js';
import { WebhookIdParams, WebhookResultDto } from '../webhooks.schemas.js';
import { toWebhookResultDto } from '../webhooks.dto.js';
import { TAG, type WebhookRoute } from './kit.js';

export const waitForWebhookResults: WebhookRoute = (app, { webhooks }) =>
  app.get('/webhooks/:webhookId/wait', {
    schema: {
      operationId: 'waitForWebhookResults', tags: TAG,
      summary: 'Once the webhook has at least expectedCount results, its first ones; 408 at the timeout',
      params: WebhookIdParams,
      querystring: Type.Object({ expectedCount: Type.Integer({ minimum: 0 }), timeout: Type.Integer({ minimum: 0, description: 'milliseconds' }) }),
      response: { 200: Type.Array(Type.Ref(WebhookResultDto)) },
    },
  }, async (request, reply) => {
    const { tenantId } = principalOf(request);
    const { expectedCount, timeout } = request.query;
    const results = await webhooks.waitForResults(tenantId, request.params.webhookId, expectedCount, timeout, disconnectSignal(reply));
    return results.map(toWebhookResultDto);
  });
