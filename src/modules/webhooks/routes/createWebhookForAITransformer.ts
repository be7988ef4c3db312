import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { Uuid } from '../../shared/schemas.js';
import { CreateWebhookOptions, WebhookDto } from '../webhooks.schemas.js';
import { toWebhookDto } from '../webhooks.dto.js';
import { TAG, type WebhookRoute } from './kit.js';

export const createWebhookForAITransformer: WebhookRoute = (app, { webhooks }) =>
  app.post('/ai-transformers/:transformerId/webhooks', {
    schema: {
      operationId: 'createWebhookForAITransformer', tags: TAG,
      summary: 'Attach a webhook to an AI transformer (404: this server has no AI transformers)',
      params: Type.Object({ transformerId: Uuid }),
      body: Type.Ref(CreateWebhookOptions),
      response: { 201: Type.Ref(WebhookDto) },
    },
  }, async (request, reply) => {
    const { tenantId } = principalOf(request);
    return reply.status(201).send(toWebhookDto(await webhooks.createForAITransformer(tenantId, request.params.transformerId)));
  });
