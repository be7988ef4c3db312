import { Type } from '@sinclair/typebox';
import { Uuid } from '../../shared/schemas.js';
import { toInboxChaosDto } from '../chaos.dto.js';
import { InboxChaosDto, SetInboxChaosOptions } from '../chaos.schemas.js';
import { chaosOperation } from './define.js';

const params = Type.Object({ inboxId: Uuid });

export const getInboxChaos = chaosOperation({
  operationId: 'getInboxChaos', method: 'GET', path: '/inboxes/{inboxId}/chaos',
  summary: "Get the chaos rules of an inbox: how its SMTP answers fail on purpose (none: rules empty)",
  params,
  response: Type.Ref(InboxChaosDto),
  handler: async ({ tenantId, params }, { chaos }) => toInboxChaosDto(await chaos.get(tenantId, params.inboxId)),
});

export const setInboxChaos = chaosOperation({
  operationId: 'setInboxChaos', method: 'PUT', path: '/inboxes/{inboxId}/chaos',
  summary: "Replace the chaos rules of an inbox: failures at MAIL/RCPT/DATA with a code and probability, delays, greylisting, or accept-then-bounce (README \"Chaos per inbox\"). Mail from SMTP clients only; an empty list clears them",
  params,
  body: SetInboxChaosOptions,
  response: Type.Ref(InboxChaosDto),
  handler: async ({ tenantId, params, body }, { chaos }) => toInboxChaosDto(await chaos.set(tenantId, params.inboxId, body.rules)),
});

export const deleteInboxChaos = chaosOperation({
  operationId: 'deleteInboxChaos', method: 'DELETE', path: '/inboxes/{inboxId}/chaos',
  summary: 'Remove the chaos rules of an inbox and its greylisting state (none is not an error)',
  params,
  status: 204,
  response: { type: 'null', description: 'Removed' },
  handler: async ({ tenantId, params }, { chaos }) => {
    await chaos.delete(tenantId, params.inboxId);
  },
});
