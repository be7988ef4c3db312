import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toInboxDto } from '../inbox.dto.js';
import { CreateInboxQuery, InboxDto } from '../inbox.schemas.js';
import { TAG, toDate, type InboxRoute } from './kit.js';

export const createInbox: InboxRoute = (app, { inboxes }) =>
  app.post('/inboxes', {
    schema: {
      operationId: 'createInbox', tags: TAG,
      summary: 'Create an inbox with a random or given address (options as query parameters)',
      querystring: CreateInboxQuery,
      response: { 201: Type.Ref(InboxDto) },
    },
  }, async (request, reply) => {
    const q = request.query;
    const inbox = await inboxes.create(principalOf(request).tenantId, { ...q, expiresAt: toDate(q.expiresAt) });
    return reply.status(201).send(toInboxDto(inbox));
  });
