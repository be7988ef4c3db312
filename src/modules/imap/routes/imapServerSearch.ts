import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { ImapServerSearchOptions, ImapServerSearchResult, InboxIdQuery } from '../imap.schemas.js';
import { TAG, type ImapRoute } from './kit.js';

export const imapServerSearch: ImapRoute = (app, { commands }) =>
  app.post('/imap/server/search', {
    schema: {
      operationId: 'imapServerSearch', tags: TAG,
      summary: 'IMAP SEARCH in the inbox: every given criterion must match',
      querystring: InboxIdQuery,
      body: Type.Ref(ImapServerSearchOptions),
      response: { 200: Type.Ref(ImapServerSearchResult) },
    },
  }, async (request) => ({
    results: await commands.search(principalOf(request).tenantId, request.query.inboxId, request.body),
  }));
