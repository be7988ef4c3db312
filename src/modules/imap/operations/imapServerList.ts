import { imapOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { ImapServerListOptions, ImapServerListResult, InboxIdQuery } from '../imap.schemas.js';

export const imapServerList = imapOperation({
  operationId: 'imapServerList', method: 'POST', path: '/imap/server/list',
  summary: 'Messages of the inbox with their IMAP UID and sequence number, optionally narrowed by uidSet/seqSet',
  query: InboxIdQuery,
  body: Type.Ref(ImapServerListOptions),
  response: Type.Ref(ImapServerListResult),
  handler: async ({ tenantId, query, body }, { imapCommands }) => ({
    results: await imapCommands.list(tenantId, query.inboxId, body),
  }),
});
