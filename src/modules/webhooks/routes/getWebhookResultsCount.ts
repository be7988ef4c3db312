import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { CountDto } from '../../shared/schemas.js';
import { WebhookIdParams } from '../webhooks.schemas.js';
import { TAG, type WebhookRoute } from './kit.js';

export const getWebhookResultsCount: WebhookRoute = (app, { webhooks }) =>
  app.get('/webhooks/:webhookId/results/count', {
    schema: {
      operationId: 'getWebhookResultsCount', tags: TAG,
      summary: 'How many delivery attempts a webhook has made',
      params: WebhookIdParams,
      response: { 200: Type.Ref(CountDto) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return { totalElements: await webhooks.countResults(tenantId, request.params.webhookId) };
  });
