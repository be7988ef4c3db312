import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { ImapServerGetResult } from '../imap.schemas.js';
import { Uuid } from '../../shared/schemas.js';
import { TAG, type ImapRoute } from './kit.js';

export const imapServerGet: ImapRoute = (app, { commands }) =>
  app.post('/imap/server/get', {
    schema: {
      operationId: 'imapServerGet', tags: TAG,
      summary: 'The IMAP UID, sequence number and read flag of an email',
      querystring: Type.Object({ emailId: Uuid, inboxId: Type.Optional(Uuid) }),
      response: { 200: Type.Ref(ImapServerGetResult) },
    },
  }, async (request) => ({
    result: await commands.get(principalOf(request).tenantId, request.query.emailId, request.query.inboxId),
  }));
