import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { WebhookRedriveAllResult } from '../webhooks.schemas.js';

export const redriveAllWebhookResults = webhookOperation({
  operationId: 'redriveAllWebhookResults', method: 'POST', path: '/webhooks/results/redrive',
  summary: 'Send every dead-lettered delivery again',
  response: Type.Ref(WebhookRedriveAllResult),
  handler: async ({ tenantId }, { webhooks }) => webhooks.redriveAll(tenantId),
});
