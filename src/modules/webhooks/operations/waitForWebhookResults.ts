import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { WebhookIdParams, WebhookResultDto } from '../webhooks.schemas.js';
import { toWebhookResultDto } from '../webhooks.dto.js';
import { INT32_MAX, LONGEST_MS } from '../../shared/schemas.js';

export const waitForWebhookResults = webhookOperation({
  operationId: 'waitForWebhookResults', method: 'GET', path: '/webhooks/{webhookId}/wait',
  summary: 'Once the webhook has at least expectedCount results, its first ones; 408 at the timeout',
  params: WebhookIdParams,
  query: Type.Object({ expectedCount: Type.Integer({ minimum: 0, maximum: INT32_MAX }), timeout: Type.Integer({ minimum: 0, maximum: LONGEST_MS, description: 'milliseconds (cut to PIGEONHOLE_MAX_WAIT)' }) }),
  response: Type.Array(Type.Ref(WebhookResultDto)),
  handler: async ({ tenantId, params, query, signal }, { webhooks }) => {
    const { expectedCount, timeout } = query;
    const results = await webhooks.waitForResults(tenantId, params.webhookId, expectedCount, timeout, signal);
    return results.map(toWebhookResultDto);
  },
});
