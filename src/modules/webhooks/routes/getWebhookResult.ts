import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { ResultIdParams, WebhookResultDto } from '../webhooks.schemas.js';
import { toWebhookResultDto } from '../webhooks.dto.js';
import { TAG, type WebhookRoute } from './kit.js';

export const getWebhookResult: WebhookRoute = (app, { webhooks }) =>
  app.get('/webhooks/results/:webhookResultId', {
    schema: {
      operationId: 'getWebhookResult', tags: TAG,
      summary: 'One delivery attempt; reading it marks it seen',
      params: ResultIdParams,
      response: { 200: Type.Ref(WebhookResultDto) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return toWebhookResultDto(await webhooks.getResult(tenantId, request.params.webhookResultId));
  });
