import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { ResultIdParams, WebhookResultDto } from '../webhooks.schemas.js';
import { toWebhookResultDto } from '../webhooks.dto.js';

export const getWebhookResult = webhookOperation({
  operationId: 'getWebhookResult', method: 'GET', path: '/webhooks/results/{webhookResultId}',
  summary: 'One delivery attempt; reading it marks it seen',
  params: ResultIdParams,
  response: Type.Ref(WebhookResultDto),
  handler: async ({ tenantId, params }, { webhooks }) => toWebhookResultDto(await webhooks.getResult(tenantId, params.webhookResultId)),
});
