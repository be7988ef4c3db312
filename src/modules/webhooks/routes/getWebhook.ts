import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { WebhookDto, WebhookIdParams } from '../webhooks.schemas.js';
import { toWebhookDto } from '../webhooks.dto.js';
import { TAG, type WebhookRoute } from './kit.js';

export const getWebhook: WebhookRoute = (app, { webhooks }) =>
  app.get('/webhooks/:webhookId', {
    schema: {
      operationId: 'getWebhook', tags: TAG,
      summary: 'A webhook',
      params: WebhookIdParams,
      response: { 200: Type.Ref(WebhookDto) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return toWebhookDto(await webhooks.get(tenantId, request.params.webhookId));
  });
