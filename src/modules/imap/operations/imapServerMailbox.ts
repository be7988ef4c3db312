import { imapOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { ImapServerMailboxResult } from '../imap.schemas.js';

export const imapServerMailbox = imapOperation({
  operationId: 'imapServerMailbox', method: 'POST', path: '/imap/server/mailbox',
  summary: 'IMAP CREATE: mailboxes are inboxes here, so this answers success false and says how to make one',
  query: Type.Object({ name: Type.String() }),
  response: Type.Ref(ImapServerMailboxResult),
  handler: async ({ tenantId, query }, { imapCommands }) => imapCommands.createMailbox(tenantId, query.name),
});
