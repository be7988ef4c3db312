import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { ImapServerMailboxResult } from '../imap.schemas.js';
import { TAG, type ImapRoute } from './kit.js';

export const imapServerMailbox: ImapRoute = (app, { commands }) =>
  app.post('/imap/server/mailbox', {
    schema: {
      operationId: 'imapServerMailbox', tags: TAG,
      summary: 'IMAP CREATE: mailboxes are inboxes here, so this answers success false and says how to make one',
      querystring: Type.Object({ name: Type.String() }),
      response: { 200: Type.Ref(ImapServerMailboxResult) },
    },
  }, async (request) => commands.createMailbox(principalOf(request).tenantId, request.query.name));
