import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { InboxIdsResult } from '../inbox.schemas.js';
import { TAG, type InboxRoute } from './kit.js';

export const getInboxIds: InboxRoute = (app, { inboxes }) =>
  app.get('/inboxes/ids', {
    schema: {
      operationId: 'getInboxIds', tags: TAG, summary: "Ids and addresses of all the caller's inboxes",
      response: { 200: Type.Ref(InboxIdsResult) },
    },
  }, async (request) => ({ inboxIds: await inboxes.ids(principalOf(request).tenantId) }));
