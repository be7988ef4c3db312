import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { ImapUpdateFlagsOptions, InboxIdQuery } from '../imap.schemas.js';
import { TAG, type ImapRoute } from './kit.js';

export const imapServerUpdateFlags: ImapRoute = (app, { commands }) =>
  app.post('/imap/server/update-flags', {
    schema: {
      operationId: 'imapServerUpdateFlags', tags: TAG,
      summary: 'IMAP STORE: set, add or remove \\Seen, \\Flagged, \\Answered, \\Deleted on the messages of uidSet/seqSet',
      querystring: InboxIdQuery,
      body: Type.Ref(ImapUpdateFlagsOptions),
      response: { 204: { type: 'null', description: 'Updated' } },
    },
  }, async (request, reply) => {
    await commands.updateFlags(principalOf(request).tenantId, request.query.inboxId, request.body);
    return reply.status(204).send();
  });
