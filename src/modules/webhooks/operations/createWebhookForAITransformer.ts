import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';
import { CreateWebhookOptions, WebhookDto } from '../webhooks.schemas.js';
import { toWebhookDto } from '../webhooks.dto.js';

export const createWebhookForAITransformer = webhookOperation({
  operationId: 'createWebhookForAITransformer', method: 'POST', path: '/ai-transformers/{transformerId}/webhooks',
  summary: 'Attach a webhook to an AI transformer (404: this server has no AI transformers)',
  params: Type.Object({ transformerId: Uuid }),
  body: Type.Ref(CreateWebhookOptions),
  status: 201,
  response: Type.Ref(WebhookDto),
  handler: async ({ tenantId, params }, { webhooks }) => toWebhookDto(await webhooks.createForAITransformer(tenantId, params.transformerId)),
});
