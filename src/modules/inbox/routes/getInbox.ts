import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toInboxDto } from '../inbox.dto.js';
import { InboxDto, InboxIdParams } from '../inbox.schemas.js';
import { TAG, type InboxRoute } from './kit.js';

export const getInbox: InboxRoute = (app, { inboxes }) =>
  app.get('/inboxes/:inboxId', {
    schema: {
      operationId: 'getInbox', tags: TAG, summary: 'Get an inbox by id',
      params: InboxIdParams,
      response: { 200: Type.Ref(InboxDto) },
    },
  }, async (request) => toInboxDto(await inboxes.get(principalOf(request).tenantId, request.params.inboxId)));
