import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { WebhookDto, WebhookHeaders, WebhookIdParams } from '../webhooks.schemas.js';
import { toWebhookDto } from '../webhooks.dto.js';

export const updateWebhookHeaders = webhookOperation({
  operationId: 'updateWebhookHeaders', method: 'PUT', path: '/webhooks/{webhookId}/headers',
  summary: 'Replace the extra HTTP headers sent with each delivery',
  params: WebhookIdParams,
  body: Type.Ref(WebhookHeaders),
  response: Type.Ref(WebhookDto),
  handler: async ({ tenantId, params, body }, { webhooks }) => toWebhookDto(await webhooks.updateHeaders(tenantId, params.webhookId, body.headers)),
});
