import { Type } from '@sinclair/typebox';
import { accessServers } from '../access.details.js';
import { ImapSmtpAccessServers } from '../access.schemas.js';
import { TAG, type AccessRoute } from './kit.js';

export const getImapSmtpAccessServers: AccessRoute = (app, { access }) =>
  app.get('/inboxes/imap-smtp-access/servers', {
    schema: {
      operationId: 'getImapSmtpAccessServers', tags: TAG,
      summary: 'Hosts and ports of the SMTP and IMAP listeners, plain (STARTTLS) and implicit TLS',
      response: { 200: Type.Ref(ImapSmtpAccessServers) },
    },
  }, async () => accessServers(access.endpoints));
