import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { AccessQuery, UpdateSmtpAccessOptions } from '../access.schemas.js';
import { TAG, type AccessRoute } from './kit.js';

export const updateSmtpAccess: AccessRoute = (app, { access }) =>
  app.patch('/inboxes/smtp-access', {
    schema: {
      operationId: 'updateSmtpAccess', tags: TAG,
      summary: 'Choose the SMTP username and/or password of the inbox (or, without inboxId, of the account)',
      querystring: AccessQuery,
      body: Type.Ref(UpdateSmtpAccessOptions),
      response: { 204: { type: 'null', description: 'Updated' } },
    },
  }, async (request, reply) => {
    await access.update(principalOf(request).tenantId, request.query.inboxId, 'smtp', {
      username: request.body.smtpUsername, password: request.body.smtpPassword,
    });
    return reply.status(204).send();
  });
