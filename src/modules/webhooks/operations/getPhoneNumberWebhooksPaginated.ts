import { webhookOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';
import { PageWebhookProjection, WebhookListQuery } from '../webhooks.schemas.js';

export const getPhoneNumberWebhooksPaginated = webhookOperation({
  operationId: 'getPhoneNumberWebhooksPaginated', method: 'GET', path: '/phone/numbers/{phoneId}/webhooks/paginated',
  summary: "Page through a phone number's webhooks (404: this server has no phone numbers yet)",
  params: Type.Object({ phoneId: Uuid }),
  query: WebhookListQuery,
  response: Type.Ref(PageWebhookProjection),
  handler: async ({ tenantId, params }, { webhooks }) => webhooks.pageForPhone(tenantId, params.phoneId),
});
