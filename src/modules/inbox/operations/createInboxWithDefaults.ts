import { inboxOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { toInboxDto } from '../inbox.dto.js';
import { InboxDto } from '../inbox.schemas.js';

export const createInboxWithDefaults = inboxOperation({
  operationId: 'createInboxWithDefaults', method: 'POST', path: '/inboxes/withDefaults',
  summary: 'Create a private HTTP inbox on a random domain of the pool',
  status: 201,
  response: Type.Ref(InboxDto),
  handler: async ({ tenantId }, { inboxes }) => toInboxDto(await inboxes.createWithDefaults(tenantId)),
});
