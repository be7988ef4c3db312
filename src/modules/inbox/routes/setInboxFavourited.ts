import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toInboxDto } from '../inbox.dto.js';
import { InboxDto, InboxIdParams, SetInboxFavouritedOptions } from '../inbox.schemas.js';
import { TAG, type InboxRoute } from './kit.js';

export const setInboxFavourited: InboxRoute = (app, { inboxes }) =>
  app.put('/inboxes/:inboxId/favourite', {
    schema: {
      operationId: 'setInboxFavourited', tags: TAG, summary: 'Mark or unmark an inbox as favourite',
      params: InboxIdParams,
      body: Type.Ref(SetInboxFavouritedOptions),
      response: { 200: Type.Ref(InboxDto) },
    },
  }, async (request) =>
    toInboxDto(await inboxes.setFavourite(principalOf(request).tenantId, request.params.inboxId, request.body.state)));
