import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { CountDto } from '../../shared/schemas.js';
import { WebhookIdParams } from '../webhooks.schemas.js';

export const getWebhookResultsCount = webhookOperation({
  operationId: 'getWebhookResultsCount', method: 'GET', path: '/webhooks/{webhookId}/results/count',
  summary: 'How many delivery attempts a webhook has made',
  params: WebhookIdParams,
  response: Type.Ref(CountDto),
  handler: async ({ tenantId, params }, { webhooks }) => ({ totalElements: await webhooks.countResults(tenantId, params.webhookId) }),
});
