import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { imapSmtpDetails } from '../access.details.js';
import { AccessQuery, ImapSmtpAccessDetails } from '../access.schemas.js';
import { TAG, type AccessRoute } from './kit.js';

export const getImapSmtpAccess: AccessRoute = (app, { access }) =>
  app.get('/inboxes/imap-smtp-access', {
    schema: {
      operationId: 'getImapSmtpAccess', tags: TAG,
      summary: 'SMTP and IMAP logins of the inbox (or, without inboxId, of the whole account), with hosts and ports',
      querystring: AccessQuery,
      response: { 200: Type.Ref(ImapSmtpAccessDetails) },
    },
  }, async (request) => imapSmtpDetails(access, principalOf(request).tenantId, request.query.inboxId));
