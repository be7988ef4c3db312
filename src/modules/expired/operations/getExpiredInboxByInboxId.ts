import { expiredOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toExpiredInboxDto } from '../expired.dto.js';
import { ExpiredInboxDto, ExpiredInboxIdParams } from '../expired.schemas.js';

export const getExpiredInboxByInboxId = expiredOperation({
  operationId: 'getExpiredInboxByInboxId', method: 'GET', path: '/expired/inbox/{inboxId}',
  summary: 'The expired inbox record of an inbox; 404 when it has not expired',
  params: ExpiredInboxIdParams,
  response: Type.Ref(ExpiredInboxDto),
  handler: async ({ tenantId, params }, { expired }) => toExpiredInboxDto(await expired.getByInboxId(tenantId, params.inboxId)),
});
