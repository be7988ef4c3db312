import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../transports/http/auth.js';
import { imapDetails } from '../access.details.js';
import { AccessQuery, ImapAccessDetails } from '../access.schemas.js';
import { TAG, type AccessRoute } from './kit.js';

export const getImapAccess: AccessRoute = (app, { access }) =>
  app.get('/inboxes/imap-access', {
    schema: {
      operationId: 'getImapAccess', tags: TAG,
      summary: 'IMAP login of the inbox (or, without inboxId, of the whole account, one folder per inbox)',
      querystring: AccessQuery,
      response: { 200: Type.Ref(ImapAccessDetails) },
    },
  }, async (request) => {
    const { login } = await access.credential(principalOf(request).tenantId, request.query.inboxId, 'imap');
    return imapDetails(access.endpoints, login);
  });
