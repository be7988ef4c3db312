import { accessOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { imapDetails } from '../access.details.js';
import { AccessQuery, ImapAccessDetails } from '../access.schemas.js';

export const getImapAccess = accessOperation({
  operationId: 'getImapAccess', method: 'GET', path: '/inboxes/imap-access',
  summary: 'IMAP login of the inbox (or, without inboxId, of the whole account, one folder per inbox)',
  query: AccessQuery,
  response: Type.Ref(ImapAccessDetails),
  handler: async ({ tenantId, query }, { access }) => {
    const { login } = await access.credential(tenantId, query.inboxId, 'imap');
    return imapDetails(access.endpoints, login, await access.imapMailbox(login));
  },
});
