import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { ResultIdParams, WebhookRedriveResult } from '../webhooks.schemas.js';

export const redriveWebhookResult = webhookOperation({
  operationId: 'redriveWebhookResult', method: 'POST', path: '/webhooks/results/{webhookResultId}/redrive',
  summary: 'Send the stored payload of this result again (same messageId), with a fresh retry window',
  params: ResultIdParams,
  response: Type.Ref(WebhookRedriveResult),
  handler: async ({ tenantId, params }, { webhooks }) => webhooks.redrive(tenantId, params.webhookResultId),
});
