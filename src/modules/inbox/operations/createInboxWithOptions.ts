import { inboxOperation } from './define.js';
import { toDate } from '../../../core/dates.js';
import { Type } from '@sinclair/typebox';
import { toInboxDto } from '../inbox.dto.js';
import { CreateInboxDto, InboxDto } from '../inbox.schemas.js';

export const createInboxWithOptions = inboxOperation({
  operationId: 'createInboxWithOptions', method: 'POST', path: '/inboxes/withOptions',
  summary: 'Create an inbox from a CreateInboxDto body',
  body: Type.Ref(CreateInboxDto),
  status: 201,
  response: Type.Ref(InboxDto),
  handler: async ({ tenantId, body }, { inboxes }) => {
    const inbox = await inboxes.create(tenantId, { ...body, expiresAt: toDate(body.expiresAt) });
    return toInboxDto(inbox);
  },
});
