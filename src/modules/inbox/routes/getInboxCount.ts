import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { CountDto } from '../../shared/schemas.js';
import { TAG, type InboxRoute } from './kit.js';

export const getInboxCount: InboxRoute = (app, { inboxes }) =>
  app.get('/inboxes/count', {
    schema: {
      operationId: 'getInboxCount', tags: TAG, summary: 'Number of inboxes the caller has',
      response: { 200: Type.Ref(CountDto) },
    },
  }, async (request) => ({ totalElements: await inboxes.count(principalOf(request).tenantId) }));
