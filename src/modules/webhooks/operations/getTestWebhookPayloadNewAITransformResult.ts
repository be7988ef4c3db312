import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { WebhookNewAITransformResultPayload } from '../webhooks.schemas.js';
import { examplePayload } from '../examples.js';

export const getTestWebhookPayloadNewAITransformResult = webhookOperation({
  operationId: 'getTestWebhookPayloadNewAITransformResult', method: 'GET', path: '/webhooks/test/new-ai-transform-result-payload',
  summary: 'An example NEW_AI_TRANSFORM_RESULT payload (WebhookNewAITransformResultPayload)',
  response: Type.Ref(WebhookNewAITransformResultPayload),
  handler: async ({ tenantId }) => examplePayload('NEW_AI_TRANSFORM_RESULT', tenantId),
});
