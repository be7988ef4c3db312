import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { CreateWebhookOptions, WebhookDto } from '../webhooks.schemas.js';
import { toWebhookDto } from '../webhooks.dto.js';

export const createAccountWebhook = webhookOperation({
  operationId: 'createAccountWebhook', method: 'POST', path: '/webhooks',
  summary: 'Create an account webhook: events of every inbox (and account events such as BOUNCE)',
  body: Type.Ref(CreateWebhookOptions),
  status: 201,
  response: Type.Ref(WebhookDto),
  handler: async ({ tenantId, body }, { webhooks }) => toWebhookDto(await webhooks.createForAccount(tenantId, body)),
});
