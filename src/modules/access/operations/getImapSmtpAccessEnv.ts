import { accessOperation } from './define.js';
import { Content } from '../../../core/operation.js';
import { Type } from '@sinclair/typebox';
import { imapSmtpDetails, toEnvFile } from '../access.details.js';
import { AccessQuery } from '../access.schemas.js';

export const getImapSmtpAccessEnv = accessOperation({
  operationId: 'getImapSmtpAccessEnv', method: 'GET', path: '/inboxes/imap-smtp-access/env',
  summary: 'The getImapSmtpAccess details as .env lines (IMAP_SERVER_HOST=..., SMTP_PASSWORD=...)',
  query: AccessQuery,
  response: Type.String(),
  handler: async ({ tenantId, query }, { access }) => {
    const details = await imapSmtpDetails(access, tenantId, query.inboxId);
    return new Content(toEnvFile(details), 'text/plain; charset=utf-8');
  },
});
