import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toInboxDto } from '../inbox.dto.js';
import { CreateInboxDto, InboxDto } from '../inbox.schemas.js';
import { TAG, toDate, type InboxRoute } from './kit.js';

export const createInboxWithOptions: InboxRoute = (app, { inboxes }) =>
  app.post('/inboxes/withOptions', {
    schema: {
      operationId: 'createInboxWithOptions', tags: TAG,
      summary: 'Create an inbox from a CreateInboxDto body',
      body: Type.Ref(CreateInboxDto),
      response: { 201: Type.Ref(InboxDto) },
    },
  }, async (request, reply) => {
    const body = request.body;
    const inbox = await inboxes.create(principalOf(request).tenantId, { ...body, expiresAt: toDate(body.expiresAt) });
    return reply.status(201).send(toInboxDto(inbox));
  });
