import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { AccessQuery, SmtpAccessDetails } from '../access.schemas.js';
import { TAG, type AccessRoute } from './kit.js';

export const getSmtpAccess: AccessRoute = (app, { access }) =>
  app.get('/inboxes/smtp-access', {
    schema: {
      operationId: 'getSmtpAccess', tags: TAG,
      summary: 'SMTP login of the inbox (or, without inboxId, of the whole account): AUTH with it to send as the inbox',
      querystring: AccessQuery,
      response: { 200: Type.Ref(SmtpAccessDetails) },
    },
  }, async (request) => {
    const { login, inbox } = await access.credential(principalOf(request).tenantId, request.query.inboxId, 'smtp');
    const { host, smtpPort, smtpsPort } = access.endpoints;
    return {
      secureSmtpServerHost: host,
      secureSmtpServerPort: smtpsPort,
      secureSmtpUsername: login.username,
      secureSmtpPassword: login.password,
      smtpServerHost: host,
      smtpServerPort: smtpPort,
      smtpUsername: login.username,
      smtpPassword: login.password,
      mailFromDomain: inbox?.domain ?? null,
    };
  });
