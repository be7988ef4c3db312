import { inboxOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toInboxDto } from '../inbox.dto.js';
import { InboxDto, InboxIdParams } from '../inbox.schemas.js';

export const getInbox = inboxOperation({
  operationId: 'getInbox', method: 'GET', path: '/inboxes/{inboxId}',
  summary: 'Get an inbox by id',
  params: InboxIdParams,
  response: Type.Ref(InboxDto),
  handler: async ({ tenantId, params }, { inboxes }) => toInboxDto(await inboxes.get(tenantId, params.inboxId)),
});
