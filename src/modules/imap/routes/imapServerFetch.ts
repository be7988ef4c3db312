import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { ImapServerFetchResult } from '../imap.schemas.js';
import { Uuid } from '../../shared/schemas.js';
import { TAG, type ImapRoute } from './kit.js';

export const imapServerFetch: ImapRoute = (app, { commands }) =>
  app.post('/imap/server/fetch', {
    schema: {
      operationId: 'imapServerFetch', tags: TAG,
      summary: 'IMAP FETCH BODY[] of the message at seqNum: its raw content; fetching it marks it read (result null past the last message)',
      querystring: Type.Object({ inboxId: Type.Optional(Uuid), seqNum: Type.Integer({ minimum: 1 }) }),
      response: { 200: Type.Ref(ImapServerFetchResult) },
    },
  }, async (request) => ({
    result: await commands.fetch(principalOf(request).tenantId, request.query.inboxId, request.query.seqNum),
  }));
