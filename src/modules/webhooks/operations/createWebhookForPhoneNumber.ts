import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';
import { CreateWebhookOptions, WebhookDto } from '../webhooks.schemas.js';
import { toWebhookDto } from '../webhooks.dto.js';

export const createWebhookForPhoneNumber = webhookOperation({
  operationId: 'createWebhookForPhoneNumber', method: 'POST', path: '/phone/numbers/{phoneNumberId}/webhooks',
  summary: "Attach a webhook to one of the caller's phone numbers: it hears the number's SMS (NEW_SMS, the default here)",
  params: Type.Object({ phoneNumberId: Uuid }),
  body: Type.Ref(CreateWebhookOptions),
  status: 201,
  response: Type.Ref(WebhookDto),
  handler: async ({ tenantId, params, body }, { webhooks }) => toWebhookDto(await webhooks.createForPhone(tenantId, params.phoneNumberId, body)),
});
