import { expiredOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toExpiredInboxDto } from '../expired.dto.js';
import { ExpiredIdParams, ExpiredInboxDto } from '../expired.schemas.js';

export const getExpiredInboxRecord = expiredOperation({
  operationId: 'getExpiredInboxRecord', method: 'GET', path: '/expired/{expiredId}',
  summary: 'An expired inbox record by its id',
  params: ExpiredIdParams,
  response: Type.Ref(ExpiredInboxDto),
  handler: async ({ tenantId, params }, { expired }) => toExpiredInboxDto(await expired.get(tenantId, params.expiredId)),
});
