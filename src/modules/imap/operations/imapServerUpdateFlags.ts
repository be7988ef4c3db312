import { imapOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { ImapUpdateFlagsOptions, InboxIdQuery } from '../imap.schemas.js';

export const imapServerUpdateFlags = imapOperation({
  operationId: 'imapServerUpdateFlags', method: 'POST', path: '/imap/server/update-flags',
  summary: 'IMAP STORE: set, add or remove \\Seen, \\Flagged, \\Answered, \\Deleted on the messages of uidSet/seqSet',
  query: InboxIdQuery,
  body: Type.Ref(ImapUpdateFlagsOptions),
  status: 204,
  response: { type: 'null', description: 'Updated' },
  handler: async ({ tenantId, query, body }, { imapCommands }) => {
    await imapCommands.updateFlags(tenantId, query.inboxId, body);
  },
});
