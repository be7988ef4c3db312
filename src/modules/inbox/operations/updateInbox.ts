import { inboxOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toInboxDto } from '../inbox.dto.js';
import { InboxDto, InboxIdParams, UpdateInboxOptions } from '../inbox.schemas.js';

export const updateInbox = inboxOperation({
  operationId: 'updateInbox', method: 'PATCH', path: '/inboxes/{inboxId}',
  summary: 'Update name, description, tags, expiry or favourite; a field sent as null is cleared',
  params: InboxIdParams,
  body: Type.Ref(UpdateInboxOptions),
  response: Type.Ref(InboxDto),
  handler: async ({ tenantId, params, body }, { inboxes }) => {
    const { expiresAt, ...rest } = body;
    const inbox = await inboxes.update(tenantId, params.inboxId, {
      ...rest,
      expiresAt: expiresAt === undefined ? undefined : expiresAt === null ? null : new Date(expiresAt),
    });
    return toInboxDto(inbox);
  },
});
