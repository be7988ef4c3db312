import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { InboxByNameResult } from '../inbox.schemas.js';
import { TAG, type InboxRoute } from './kit.js';

export const getInboxByName: InboxRoute = (app, { inboxes }) =>
  app.get('/inboxes/byName', {
    schema: {
      operationId: 'getInboxByName', tags: TAG,
      summary: "Find the caller's inbox with this exact name (the oldest if several)",
      querystring: Type.Object({ name: Type.String() }),
      response: { 200: Type.Ref(InboxByNameResult) },
    },
  }, async (request) => {
    const inbox = await inboxes.findByName(principalOf(request).tenantId, request.query.name);
    return { inboxId: inbox?.id ?? null, exists: inbox !== undefined };
  });
