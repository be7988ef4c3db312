import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { CreateWebhookOptions, WebhookDto } from '../webhooks.schemas.js';
import { toWebhookDto } from '../webhooks.dto.js';
import { TAG, type WebhookRoute } from './kit.js';

export const createAccountWebhook: WebhookRoute = (app, { webhooks }) =>
  app.post('/webhooks', {
    schema: {
      operationId: 'createAccountWebhook', tags: TAG,
      summary: 'Create an account webhook: events of every inbox (and account events such as BOUNCE)',
      body: Type.Ref(CreateWebhookOptions),
      response: { 201: Type.Ref(WebhookDto) },
    },
  }, async (request, reply) => {
    const { tenantId } = principalOf(request);
    return reply.status(201).send(toWebhookDto(await webhooks.createForAccount(tenantId, request.body)));
  });
