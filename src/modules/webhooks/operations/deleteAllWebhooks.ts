import { webhookOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { DateTime } from '../../shared/schemas.js';

export const deleteAllWebhooks = webhookOperation({
  operationId: 'deleteAllWebhooks', method: 'DELETE', path: '/webhooks',
  summary: 'Delete every webhook of the caller (created before `before` when given), with their pending deliveries and results',
  query: Type.Object({ before: Type.Optional(DateTime) }),
  status: 204,
  handler: async ({ tenantId, query }, { webhooks }) => {
    await webhooks.deleteAll(tenantId, toDate(query.before));
  },
});
