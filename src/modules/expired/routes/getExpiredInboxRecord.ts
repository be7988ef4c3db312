import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toExpiredInboxDto } from '../expired.dto.js';
import { ExpiredIdParams, ExpiredInboxDto } from '../expired.schemas.js';
import { TAG, type ExpiredRoute } from './kit.js';

export const getExpiredInboxRecord: ExpiredRoute = (app, { expired }) =>
  app.get('/expired/:expiredId', {
    schema: {
      operationId: 'getExpiredInboxRecord', tags: TAG, summary: 'An expired inbox record by its id',
      params: ExpiredIdParams,
      response: { 200: Type.Ref(ExpiredInboxDto) },
    },
  }, async (request) => toExpiredInboxDto(await expired.get(principalOf(request).tenantId, request.params.expiredId)));
