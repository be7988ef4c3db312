import { imapOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { ImapServerSearchOptions, ImapServerSearchResult, InboxIdQuery } from '../imap.schemas.js';

export const imapServerSearch = imapOperation({
  operationId: 'imapServerSearch', method: 'POST', path: '/imap/server/search',
  summary: 'IMAP SEARCH in the inbox: every given criterion must match',
  query: InboxIdQuery,
  body: Type.Ref(ImapServerSearchOptions),
  response: Type.Ref(ImapServerSearchResult),
  handler: async ({ tenantId, query, body }, { imapCommands }) => ({
    results: await imapCommands.search(tenantId, query.inboxId, body),
  }),
});
