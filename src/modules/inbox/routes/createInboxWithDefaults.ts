import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toInboxDto } from '../inbox.dto.js';
import { InboxDto } from '../inbox.schemas.js';
import { TAG, type InboxRoute } from './kit.js';

export const createInboxWithDefaults: InboxRoute = (app, { inboxes }) =>
  app.post('/inboxes/withDefaults', {
    schema: {
      operationId: 'createInboxWithDefaults', tags: TAG,
      summary: 'Create a private HTTP inbox on a random domain of the pool',
      response: { 201: Type.Ref(InboxDto) },
    },
  }, async (request, reply) =>
    reply.status(201).send(toInboxDto(await inboxes.createWithDefaults(principalOf(request).tenantId))));
