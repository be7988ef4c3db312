import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { imapSmtpDetails, toEnvFile } from '../access.details.js';
import { AccessQuery } from '../access.schemas.js';
import { TAG, type AccessRoute } from './kit.js';

export const getImapSmtpAccessEnv: AccessRoute = (app, { access }) =>
  app.get('/inboxes/imap-smtp-access/env', {
    schema: {
      operationId: 'getImapSmtpAccessEnv', tags: TAG,
      summary: 'The getImapSmtpAccess details as .env lines (IMAP_SERVER_HOST=..., SMTP_PASSWORD=...)',
      querystring: AccessQuery,
      response: { 200: Type.String() },
    },
  }, async (request, reply) => {
    const details = await imapSmtpDetails(access, principalOf(request).tenantId, request.query.inboxId);
    return reply.type('text/plain; charset=utf-8').send(toEnvFile(details));
  });
