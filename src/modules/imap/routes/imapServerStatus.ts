import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { ImapServerStatusOptions, ImapServerStatusResult, InboxIdQuery } from '../imap.schemas.js';
import { TAG, type ImapRoute } from './kit.js';

export const imapServerStatus: ImapRoute = (app, { commands }) =>
  app.post('/imap/server/status', {
    schema: {
      operationId: 'imapServerStatus', tags: TAG,
      summary: 'IMAP STATUS of the inbox (by inboxId, or by its address as name)',
      querystring: InboxIdQuery,
      body: Type.Ref(ImapServerStatusOptions),
      response: { 200: Type.Ref(ImapServerStatusResult) },
    },
  }, async (request) => ({
    result: await commands.status(principalOf(request).tenantId, request.query.inboxId, {
      name: request.body.name, statusItems: request.body.statusItems,
    }),
  }));
