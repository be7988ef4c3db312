import { accessOperation } from './define.js';
import { Type } from '@sinclair/typebox';
import { AccessQuery, UpdateImapAccessOptions } from '../access.schemas.js';

export const updateImapAccess = accessOperation({
  operationId: 'updateImapAccess', method: 'PATCH', path: '/inboxes/imap-access',
  summary: 'Choose the IMAP username and/or password of the inbox (or, without inboxId, of the account)',
  query: AccessQuery,
  body: Type.Ref(UpdateImapAccessOptions),
  status: 204,
  response: { type: 'null', description: 'Updated' },
  handler: async ({ tenantId, query, body }, { access }) => {
    await access.update(tenantId, query.inboxId, 'imap', {
      username: body.imapUsername, password: body.imapPassword,
    });
  },
});
