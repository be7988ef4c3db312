import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { WebhookDto, WebhookIdParams } from '../webhooks.schemas.js';
import { toWebhookDto } from '../webhooks.dto.js';

export const getWebhook = webhookOperation({
  operationId: 'getWebhook', method: 'GET', path: '/webhooks/{webhookId}',
  summary: 'A webhook',
  params: WebhookIdParams,
  response: Type.Ref(WebhookDto),
  handler: async ({ tenantId, params }, { webhooks }) => toWebhookDto(await webhooks.get(tenantId, params.webhookId)),
});
