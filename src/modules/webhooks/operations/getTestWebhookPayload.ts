import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { AbstractWebhookPayload, EventNameEnum } from '../webhooks.schemas.js';
import { examplePayload } from '../examples.js';

export const getTestWebhookPayload = webhookOperation({
  operationId: 'getTestWebhookPayload', method: 'GET', path: '/webhooks/test',
  summary: 'An example payload of an event (EMAIL_RECEIVED unless eventName says otherwise)',
  query: Type.Object({ eventName: Type.Optional(EventNameEnum) }),
  response: Type.Ref(AbstractWebhookPayload),
  handler: async ({ tenantId, query }) =>
    // the concrete payload model of the event 
    examplePayload(query.eventName ?? 'EMAIL_RECEIVED', tenantId),
});
