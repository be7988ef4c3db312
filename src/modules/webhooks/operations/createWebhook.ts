import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { CreateWebhookOptions, InboxIdParams, WebhookDto } from '../webhooks.schemas.js';
import { toWebhookDto } from '../webhooks.dto.js';

export const createWebhook = webhookOperation({
  operationId: 'createWebhook', method: 'POST', path: '/inboxes/{inboxId}/webhooks',
  summary: 'Attach a webhook to an inbox: its events are POSTed to url (EMAIL_RECEIVED unless eventName says otherwise)',
  params: InboxIdParams,
  body: Type.Ref(CreateWebhookOptions),
  status: 201,
  response: Type.Ref(WebhookDto),
  handler: async ({ tenantId, params, body }, { webhooks }) => {
    const webhook = await webhooks.createForInbox(tenantId, params.inboxId, body);
    return toWebhookDto(webhook);
  },
});
