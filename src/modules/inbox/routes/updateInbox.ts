import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { toInboxDto } from '../inbox.dto.js';
import { InboxDto, InboxIdParams, UpdateInboxOptions } from '../inbox.schemas.js';
import { TAG, type InboxRoute } from './kit.js';

export const updateInbox: InboxRoute = (app, { inboxes }) =>
  app.patch('/inboxes/:inboxId', {
    schema: {
      operationId: 'updateInbox', tags: TAG,
      summary: 'Update name, description, tags, expiry or favourite; a field sent as null is cleared',
      params: InboxIdParams,
      body: Type.Ref(UpdateInboxOptions),
      response: { 200: Type.Ref(InboxDto) },
    },
  }, async (request) => {
    const { expiresAt, ...rest } = request.body;
    const inbox = await inboxes.update(principalOf(request).tenantId, request.params.inboxId, {
      ...rest,
      expiresAt: expiresAt === undefined ? undefined : expiresAt === null ? null : new Date(expiresAt),
    });
    return toInboxDto(inbox);
  });
