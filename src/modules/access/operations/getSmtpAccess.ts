import { accessOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { AccessQuery, SmtpAccessDetails } from '../access.schemas.js';

export const getSmtpAccess = accessOperation({
  operationId: 'getSmtpAccess', method: 'GET', path: '/inboxes/smtp-access',
  summary: 'SMTP login of the inbox (or, without inboxId, of the whole account): AUTH with it to send as the inbox',
  query: AccessQuery,
  response: Type.Ref(SmtpAccessDetails),
  handler: async ({ tenantId, query }, { access }) => {
    const { login, inbox } = await access.credential(tenantId, query.inboxId, 'smtp');
    const { host, smtpPort, smtpSubmissionPort } = access.endpoints;
    return {
      secureSmtpServerHost: host,
      secureSmtpServerPort: smtpSubmissionPort,
      secureSmtpUsername: login.username,
      secureSmtpPassword: login.password,
      smtpServerHost: host,
      smtpServerPort: smtpPort,
      smtpUsername: login.username,
      smtpPassword: login.password,
      mailFromDomain: inbox?.domain ?? null,
    };
  },
});
