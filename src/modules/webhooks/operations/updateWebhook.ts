import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';
import { CreateWebhookOptions, WebhookDto, WebhookIdParams } from '../webhooks.schemas.js';
import { toWebhookDto } from '../webhooks.dto.js';

export const updateWebhook = webhookOperation({
  operationId: 'updateWebhook', method: 'PATCH', path: '/webhooks/{webhookId}',
  summary: "Replace a webhook's options (basic auth is kept unless given or overrideAuth=true); re-enables a webhook a 410 disabled",
  params: WebhookIdParams,
  query: Type.Object({ inboxId: Type.Optional(Uuid), aiTransformerId: Type.Optional(Uuid), phoneNumberId: Type.Optional(Uuid), overrideAuth: Type.Optional(Type.Boolean()) }),
  body: Type.Ref(CreateWebhookOptions),
  response: Type.Ref(WebhookDto),
  handler: async ({ tenantId, params, query, body }, { webhooks }) => toWebhookDto(await webhooks.update(tenantId, params.webhookId, body, query)),
});
