import { accessOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { imapSmtpDetails } from '../access.details.js';
import { AccessQuery, ImapSmtpAccessDetails } from '../access.schemas.js';

export const getImapSmtpAccess = accessOperation({
  operationId: 'getImapSmtpAccess', method: 'GET', path: '/inboxes/imap-smtp-access',
  summary: 'SMTP and IMAP logins of the inbox (or, without inboxId, of the whole account), with hosts and ports',
  query: AccessQuery,
  response: Type.Ref(ImapSmtpAccessDetails),
  handler: async ({ tenantId, query }, { access }) => imapSmtpDetails(access, tenantId, query.inboxId),
});
