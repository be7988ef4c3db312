import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { WebhookRedriveAllResult } from '../webhooks.schemas.js';
import { TAG, type WebhookRoute } from './kit.js';

export const redriveAllWebhookResults: WebhookRoute = (app, { webhooks }) =>
  app.post('/webhooks/results/redrive', {
    schema: {
      operationId: 'redriveAllWebhookResults', tags: TAG,
      summary: 'Send every dead-lettered delivery again',
      response: { 200: Type.Ref(WebhookRedriveAllResult) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return webhooks.redriveAll(tenantId);
  });
