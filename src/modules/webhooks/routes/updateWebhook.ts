import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { Uuid } from '../../shared/schemas.js';
import { CreateWebhookOptions, WebhookDto, WebhookIdParams } from '../webhooks.schemas.js';
import { toWebhookDto } from '../webhooks.dto.js';
import { TAG, type WebhookRoute } from './kit.js';

export const updateWebhook: WebhookRoute = (app, { webhooks }) =>
  app.patch('/webhooks/:webhookId', {
    schema: {
      operationId: 'updateWebhook', tags: TAG,
      summary: "Replace a webhook's options (basic auth is kept unless given or overrideAuth=true); re-enables a webhook a 410 disabled",
      params: WebhookIdParams,
      querystring: Type.Object({ inboxId: Type.Optional(Uuid), aiTransformerId: Type.Optional(Uuid), phoneNumberId: Type.Optional(Uuid), overrideAuth: Type.Optional(Type.Boolean()) }),
      body: Type.Ref(CreateWebhookOptions),
      response: { 200: Type.Ref(WebhookDto) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return toWebhookDto(await webhooks.update(tenantId, request.params.webhookId, request.body, request.query));
  });
