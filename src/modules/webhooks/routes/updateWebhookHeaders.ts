import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { WebhookDto, WebhookHeaders, WebhookIdParams } from '../webhooks.schemas.js';
import { toWebhookDto } from '../webhooks.dto.js';
import { TAG, type WebhookRoute } from './kit.js';

export const updateWebhookHeaders: WebhookRoute = (app, { webhooks }) =>
  app.put('/webhooks/:webhookId/headers', {
    schema: {
      operationId: 'updateWebhookHeaders', tags: TAG,
      summary: 'Replace the extra HTTP headers sent with each delivery',
      params: WebhookIdParams,
      body: Type.Ref(WebhookHeaders),
      response: { 200: Type.Ref(WebhookDto) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return toWebhookDto(await webhooks.updateHeaders(tenantId, request.params.webhookId, request.body.headers));
  });
