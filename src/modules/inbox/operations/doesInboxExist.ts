import { inboxOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { InboxExistsDto } from '../inbox.schemas.js';

/**
 * Whether this service would accept mail for the address. Addresses are routed
 * service-wide, so the answer is too (SMTP's RCPT reveals the same); no id is disclosed.
 */
export const doesInboxExist = inboxOperation({
  operationId: 'doesInboxExist', method: 'GET', path: '/inboxes/exists',
  summary: 'Does an inbox with this address exist (would mail to it be accepted)?',
  query: Type.Object({
        emailAddress: Type.String(),
        allowCatchAll: Type.Optional(Type.Boolean({ description: 'no catch-all inboxes exist here; accepted for compatibility' })),
        ipAddress: Type.Optional(Type.String()),
        sender: Type.Optional(Type.String()),
      }),
  response: Type.Ref(InboxExistsDto),
  handler: async ({ query }, { inboxes }) => ({
    exists: await inboxes.exists(query.emailAddress),
    softBounce: null,
    hardBounce: null,
  }),
});
