import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { VerifyWebhookSignatureOptions, VerifyWebhookSignatureResults } from '../webhooks.schemas.js';

export const verifyWebhookSignature = webhookOperation({
  operationId: 'verifyWebhookSignature', method: 'POST', path: '/webhooks/verify',
  summary: "Check a delivery's x-signature header against the payload sent under messageId",
  body: Type.Ref(VerifyWebhookSignatureOptions),
  response: Type.Ref(VerifyWebhookSignatureResults),
  handler: async ({ tenantId, body }, { webhooks }) => ({ isValid: await webhooks.verify(tenantId, body.messageId, body.signature) }),
});
