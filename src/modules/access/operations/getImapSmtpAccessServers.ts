import { accessOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { accessServers } from '../access.details.js';
import { ImapSmtpAccessServers } from '../access.schemas.js';

export const getImapSmtpAccessServers = accessOperation({
  operationId: 'getImapSmtpAccessServers', method: 'GET', path: '/inboxes/imap-smtp-access/servers',
  summary: 'Hosts and ports of the SMTP and IMAP listeners, plain (STARTTLS) and implicit TLS',
  response: Type.Ref(ImapSmtpAccessServers),
  handler: async (_call, { access }) => accessServers(access.endpoints),
});
