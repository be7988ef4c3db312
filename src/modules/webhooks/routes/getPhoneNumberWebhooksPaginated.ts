import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { Uuid } from '../../shared/schemas.js';
import { PageWebhookProjection, WebhookListQuery } from '../webhooks.schemas.js';
import { TAG, type WebhookRoute } from './kit.js';

export const getPhoneNumberWebhooksPaginated: WebhookRoute = (app, { webhooks }) =>
  app.get('/phone/numbers/:phoneId/webhooks/paginated', {
    schema: {
      operationId: 'getPhoneNumberWebhooksPaginated', tags: TAG,
      summary: "Page through a phone number's webhooks (404: this server has no phone numbers yet)",
      params: Type.Object({ phoneId: Uuid }),
      querystring: WebhookListQuery,
      response: { 200: Type.Ref(PageWebhookProjection) },
    },
  }, async (request) => {
    const { tenantId } = principalOf(request);
    return webhooks.pageForPhone(tenantId, request.params.phoneId);
  });
