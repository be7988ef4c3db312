import { Type } from '@sinclair/typebox';
import { inboxOperation } from '../../inbox/operations/define.js';
import { InboxAutomationsDto } from '../automations.schemas.js';

// A static path: matched before GET /inboxes/{inboxId}. The client sends no parameters and
// ignores the body; `inboxId` (an addition) narrows the answer to one inbox.
export const doesInboxHaveAutomations = inboxOperation({
  operationId: 'doesInboxHaveAutomations', method: 'GET', path: '/inboxes/automations',
  summary: 'Does an inbox (or, without inboxId, the account) have automations?',
  query: Type.Object({ inboxId: Type.Optional(Type.String({ format: 'uuid' })) }),
  response: Type.Ref(InboxAutomationsDto),
  handler: ({ tenantId, query }, { automations }) => automations.of(tenantId, query.inboxId),
});
