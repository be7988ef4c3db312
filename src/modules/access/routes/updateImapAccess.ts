import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { AccessQuery, UpdateImapAccessOptions } from '../access.schemas.js';
import { TAG, type AccessRoute } from './kit.js';

export const updateImapAccess: AccessRoute = (app, { access }) =>
  app.patch('/inboxes/imap-access', {
    schema: {
      operationId: 'updateImapAccess', tags: TAG,
      summary: 'Choose the IMAP username and/or password of the inbox (or, without inboxId, of the account)',
      querystring: AccessQuery,
      body: Type.Ref(UpdateImapAccessOptions),
      response: { 204: { type: 'null', description: 'Updated' } },
    },
  }, async (request, reply) => {
    await access.update(principalOf(request).tenantId, request.query.inboxId, 'imap', {
      username: request.body.imapUsername, password: request.body.imapPassword,
    });
    return reply.status(204).send();
  });
