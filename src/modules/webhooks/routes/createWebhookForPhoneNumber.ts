import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { Uuid } from '../../shared/schemas.js';
import { CreateWebhookOptions, WebhookDto } from '../webhooks.schemas.js';
import { toWebhookDto } from '../webhooks.dto.js';
import { TAG, type WebhookRoute } from './kit.js';

export const createWebhookForPhoneNumber: WebhookRoute = (app, { webhooks }) =>
  app.post('/phone/numbers/:phoneNumberId/webhooks', {
    schema: {
      operationId: 'createWebhookForPhoneNumber', tags: TAG,
      summary: 'Attach a webhook to a phone number (404: this server has no phone numbers yet)',
      params: Type.Object({ phoneNumberId: Uuid }),
      body: Type.Ref(CreateWebhookOptions),
      response: { 201: Type.Ref(WebhookDto) },
    },
  }, async (request, reply) => {
    const { tenantId } = principalOf(request);
    return reply.status(201).send(toWebhookDto(await webhooks.createForPhone(tenantId, request.params.phoneNumberId, request.body)));
  });
