import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toExpiredInboxDto } from '../expired.dto.js';
import { ExpiredInboxDto, ExpiredInboxIdParams } from '../expired.schemas.js';
import { TAG, type ExpiredRoute } from './kit.js';

export const getExpiredInboxByInboxId: ExpiredRoute = (app, { expired }) =>
  app.get('/expired/inbox/:inboxId', {
    schema: {
      operationId: 'getExpiredInboxByInboxId', tags: TAG,
      summary: 'The expired inbox record of an inbox; 404 when it has not expired',
      params: ExpiredInboxIdParams,
      response: { 200: Type.Ref(ExpiredInboxDto) },
    },
  }, async (request) => toExpiredInboxDto(await expired.getByInboxId(principalOf(request).tenantId, request.params.inboxId)));
