import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { CreateWebhookOptions, InboxIdParams, WebhookDto } from '../webhooks.schemas.js';
import { toWebhookDto } from '../webhooks.dto.js';
import { TAG, type WebhookRoute } from './kit.js';

export const createWebhook: WebhookRoute = (app, { webhooks }) =>
  app.post('/inboxes/:inboxId/webhooks', {
    schema: {
      operationId: 'createWebhook', tags: TAG,
      summary: 'Attach a webhook to an inbox: its events are POSTed to url (EMAIL_RECEIVED unless eventName says otherwise)',
      params: InboxIdParams,
      body: Type.Ref(CreateWebhookOptions),
      response: { 201: Type.Ref(WebhookDto) },
    },
  }, async (request, reply) => {
    const { tenantId } = principalOf(request);
    const webhook = await webhooks.createForInbox(tenantId, request.params.inboxId, request.body);
    return reply.status(201).send(toWebhookDto(webhook));
  });
