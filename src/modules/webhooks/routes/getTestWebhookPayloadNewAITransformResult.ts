import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { WebhookNewAITransformResultPayload } from '../webhooks.schemas.js';
import { examplePayload } from '../examples.js';
import { TAG, type WebhookRoute } from './kit.js';

export const getTestWebhookPayloadNewAITransformResult: WebhookRoute = (app, { webhooks }) =>
  app.get('/webhooks/test/new-ai-transform-result-payload', {
    schema: {
      operationId: 'getTestWebhookPayloadNewAITransformResult', tags: TAG,
      summary: 'An example NEW_AI_TRANSFORM_RESULT payload (WebhookNewAITransformResultPayload)',
      response: { 200: Type.Ref(WebhookNewAITransformResultPayload) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return examplePayload('NEW_AI_TRANSFORM_RESULT', tenantId) as never; // the concrete payload model of the event
  });
