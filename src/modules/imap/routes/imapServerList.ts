import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { ImapServerListOptions, ImapServerListResult, InboxIdQuery } from '../imap.schemas.js';
import { TAG, type ImapRoute } from './kit.js';

export const imapServerList: ImapRoute = (app, { commands }) =>
  app.post('/imap/server/list', {
    schema: {
      operationId: 'imapServerList', tags: TAG,
      summary: 'Messages of the inbox with their IMAP UID and sequence number, optionally narrowed by uidSet/seqSet',
      querystring: InboxIdQuery,
      body: Type.Ref(ImapServerListOptions),
      response: { 200: Type.Ref(ImapServerListResult) },
    },
  }, async (request) => ({
    results: await commands.list(principalOf(request).tenantId, request.query.inboxId, request.body),
  }));
