import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { InboxByEmailAddressResult } from '../inbox.schemas.js';
import { TAG, type InboxRoute } from './kit.js';

export const getInboxByEmailAddress: InboxRoute = (app, { inboxes }) =>
  app.get('/inboxes/byEmailAddress', {
    schema: {
      operationId: 'getInboxByEmailAddress', tags: TAG,
      summary: "Find one of the caller's inboxes by address",
      querystring: Type.Object({ emailAddress: Type.String() }),
      response: { 200: Type.Ref(InboxByEmailAddressResult) },
    },
  }, async (request) => {
    const inbox = await inboxes.findByAddress(principalOf(request).tenantId, request.query.emailAddress);
    return { inboxId: inbox?.id ?? null, exists: inbox !== undefined };
  });
