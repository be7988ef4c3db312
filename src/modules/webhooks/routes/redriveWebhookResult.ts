import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { ResultIdParams, WebhookRedriveResult } from '../webhooks.schemas.js';
import { TAG, type WebhookRoute } from './kit.js';

export const redriveWebhookResult: WebhookRoute = (app, { webhooks }) =>
  app.post('/webhooks/results/:webhookResultId/redrive', {
    schema: {
      operationId: 'redriveWebhookResult', tags: TAG,
      summary: 'Send the stored payload of this result again (same messageId), with a fresh retry window',
      params: ResultIdParams,
      response: { 200: Type.Ref(WebhookRedriveResult) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return webhooks.redrive(tenantId, request.params.webhookResultId);
  });
