import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { AbstractWebhookPayload, EventNameEnum } from '../webhooks.schemas.js';
import { examplePayload } from '../examples.js';
import { TAG, type WebhookRoute } from './kit.js';

export const getTestWebhookPayload: WebhookRoute = (app, { webhooks }) =>
  app.get('/webhooks/test', {
    schema: {
      operationId: 'getTestWebhookPayload', tags: TAG,
      summary: 'An example payload of an event (EMAIL_RECEIVED unless eventName says otherwise)',
      querystring: Type.Object({ eventName: Type.Optional(EventNameEnum) }),
      response: { 200: Type.Ref(AbstractWebhookPayload) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return examplePayload(request.query.eventName ?? 'EMAIL_RECEIVED', tenantId) as never; // the concrete payload model of the event
  });
