import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { WebhookIdParams, WebhookTestResult } from '../webhooks.schemas.js';

export const sendTestData = webhookOperation({
  operationId: 'sendTestData', method: 'POST', path: '/webhooks/{webhookId}/test',
  summary: "POST an example payload of the webhook's event to its URL now, signed and with its auth and headers; answers what came back",
  params: WebhookIdParams,
  response: Type.Ref(WebhookTestResult),
  handler: async ({ tenantId, params }, { webhooks }) => webhooks.sendTest(tenantId, params.webhookId),
});
