import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { VerifyWebhookSignatureOptions, VerifyWebhookSignatureResults } from '../webhooks.schemas.js';
import { TAG, type WebhookRoute } from './kit.js';

export const verifyWebhookSignature: WebhookRoute = (app, { webhooks }) =>
  app.post('/webhooks/verify', {
    schema: {
      operationId: 'verifyWebhookSignature', tags: TAG,
      summary: "Check a delivery's x-signature header against the payload sent under messageId",
      body: Type.Ref(VerifyWebhookSignatureOptions),
      response: { 200: Type.Ref(VerifyWebhookSignatureResults) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return { isValid: await webhooks.verify(tenantId, request.body.messageId, request.body.signature) };
  });
