import { Type } from '@sinclair/typebox';
import { InboxExistsDto } from '../inbox.schemas.js';
import { TAG, type InboxRoute } from './kit.js';

/**
 * Whether this service would accept mail for the address. Addresses are routed
 * service-wide, so the answer is too (SMTP's RCPT reveals the same); no id is disclosed.
 */
export const doesInboxExist: InboxRoute = (app, { inboxes }) =>
  app.get('/inboxes/exists', {
    schema: {
      operationId: 'doesInboxExist', tags: TAG,
      summary: 'Does an inbox with this address exist (would mail to it be accepted)?',
      querystring: Type.Object({
        emailAddress: Type.String(),
        allowCatchAll: Type.Optional(Type.Boolean({ description: 'no catch-all inboxes exist here; accepted for compatibility' })),
        ipAddress: Type.Optional(Type.String()),
        sender: Type.Optional(Type.String()),
      }),
      response: { 200: Type.Ref(InboxExistsDto) },
    },
  }, async (request) => ({
    exists: await inboxes.exists(request.query.emailAddress),
    softBounce: null,
    hardBounce: null,
  }));
