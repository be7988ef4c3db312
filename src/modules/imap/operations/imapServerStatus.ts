import { imapOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { ImapServerStatusOptions, ImapServerStatusResult, InboxIdQuery } from '../imap.schemas.js';

export const imapServerStatus = imapOperation({
  operationId: 'imapServerStatus', method: 'POST', path: '/imap/server/status',
  summary: 'IMAP STATUS of the inbox (by inboxId, or by its address as name)',
  query: InboxIdQuery,
  body: Type.Ref(ImapServerStatusOptions),
  response: Type.Ref(ImapServerStatusResult),
  handler: async ({ tenantId, query, body }, { imapCommands }) => ({
    result: await imapCommands.status(tenantId, query.inboxId, {
      name: body.name, statusItems: body.statusItems,
    }),
  }),
});
