import { sentEmailOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { MAX_WAIT_MS } from '../../../events/wait.js';
import { DateTime, INT32_MAX, Uuid } from '../../shared/schemas.js';
import { DEFAULT_DELIVERY_WAIT_MS } from '../delivery-wait.js';
import { toDeliveryStatusDto } from '../sending.dto.js';
import { DeliveryStatusDto } from '../sending.schemas.js';

export const waitForDeliveryStatuses = sentEmailOperation({
  operationId: 'waitForDeliveryStatuses', method: 'GET', path: '/sent/delivery-status/wait-for',
  summary: 'Wait for a delivery status (the index-th, oldest first) of a sent email, an inbox, or any sent email; 408 at the timeout',
  query: Type.Object({
    sentId: Type.Optional(Uuid),
    inboxId: Type.Optional(Uuid),
    timeout: Type.Optional(Type.Integer({
      minimum: 0, maximum: MAX_WAIT_MS, description: `ms to wait (default ${DEFAULT_DELIVERY_WAIT_MS})`,
    })),
    index: Type.Optional(Type.Integer({
      minimum: 0, maximum: INT32_MAX, default: 0,
      description: 'zero-based index of the status to wait for: with one status there already, index=1 waits for the second',
    })),
    since: Type.Optional(DateTime),
    before: Type.Optional(DateTime),
  }),
  response: Type.Ref(DeliveryStatusDto),
  handler: async ({ tenantId, query: q }, { deliveryWait }) => {
    const { status, subject } = await deliveryWait.waitFor(tenantId, {
      sentId: q.sentId, inboxId: q.inboxId, since: toDate(q.since), before: toDate(q.before), index: q.index, timeoutMs: q.timeout,
    });
    return toDeliveryStatusDto(status, subject);
  },
});
