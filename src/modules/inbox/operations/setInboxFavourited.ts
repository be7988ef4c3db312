import { inboxOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toInboxDto } from '../inbox.dto.js';
import { InboxDto, InboxIdParams, SetInboxFavouritedOptions } from '../inbox.schemas.js';

export const setInboxFavourited = inboxOperation({
  operationId: 'setInboxFavourited', method: 'PUT', path: '/inboxes/{inboxId}/favourite',
  summary: 'Mark or unmark an inbox as favourite',
  params: InboxIdParams,
  body: Type.Ref(SetInboxFavouritedOptions),
  response: Type.Ref(InboxDto),
  handler: async ({ tenantId, params, body }, { inboxes }) => toInboxDto(await inboxes.setFavourite(tenantId, params.inboxId, body.state)),
});
